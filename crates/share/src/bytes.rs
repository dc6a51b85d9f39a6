//! The packing shared by both kinds of link: a small binary payload, a checksum, raw deflate,
//! base64url without padding, behind a prefix naming the kind and version (`g2.`).

use crate::ShareError;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

/// No link inflates beyond this: a damaged or hostile link cannot make us allocate much.
const MAX_PAYLOAD: usize = 4 << 20;
/// Deflate's best effort: links are made rarely and read often.
const DEFLATE_LEVEL: u8 = 10;

/// Writes `payload` as a link: `prefix` + base64url(deflate(payload + checksum)).
pub fn pack(prefix: &str, mut payload: Vec<u8>) -> String {
    let sum = checksum(&payload);
    payload.extend_from_slice(&sum.to_le_bytes());
    let deflated = miniz_oxide::deflate::compress_to_vec(&payload, DEFLATE_LEVEL);
    format!("{prefix}{}", URL_SAFE_NO_PAD.encode(deflated))
}

/// Reads a link of one of `prefixes` (one kind, its versions: `["p2.", "p1."]`) back to the
/// prefix it has and its payload. A link of the same kind and another version is told apart from
/// something that is not a link at all.
pub fn unpack<'p>(link: &str, prefixes: &[&'p str]) -> Result<(&'p str, Vec<u8>), ShareError> {
    // A link pasted whole: the part after `#`, without the spaces or line breaks mail adds.
    let link = link.rsplit('#').next().unwrap_or(link);
    let link: String = link.chars().filter(|c| !c.is_whitespace()).collect();
    let Some((prefix, body)) = prefixes.iter().find_map(|p| Some((*p, link.strip_prefix(p)?))) else {
        let kind = prefixes.first().map_or("", |p| &p[..1]);
        let newer = link.strip_prefix(kind).and_then(|rest| rest.split_once('.')).map(|(version, _)| version);
        return match newer {
            Some(v) if !v.is_empty() && v.len() < 6 && v.bytes().all(|b| b.is_ascii_digit()) => {
                Err(ShareError::NewerLink(format!("{kind}{v}.")))
            }
            _ => Err(ShareError::NotALink),
        };
    };
    let deflated = URL_SAFE_NO_PAD.decode(body).map_err(|_| ShareError::DamagedLink)?;
    let mut payload = miniz_oxide::inflate::decompress_to_vec_with_limit(&deflated, MAX_PAYLOAD)
        .map_err(|_| ShareError::DamagedLink)?;
    if payload.len() < 4 {
        return Err(ShareError::DamagedLink);
    }
    let sum = payload.split_off(payload.len() - 4);
    if sum != checksum(&payload).to_le_bytes() {
        return Err(ShareError::DamagedLink);
    }
    Ok((prefix, payload))
}

/// FNV-1a 32 over the payload: catches a changed or dropped letter that deflate lets through.
fn checksum(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, b| (h ^ *b as u32).wrapping_mul(0x0100_0193))
}

#[derive(Default)]
pub struct Writer {
    pub bytes: Vec<u8>,
}

impl Writer {
    pub fn byte(&mut self, b: u8) {
        self.bytes.push(b);
    }

    /// LEB128: seven bits a byte, small numbers in one.
    pub fn varint(&mut self, mut n: u64) {
        while n >= 0x80 {
            self.bytes.push((n as u8) | 0x80);
            n >>= 7;
        }
        self.bytes.push(n as u8);
    }

    pub fn text(&mut self, s: &str) {
        self.varint(s.len() as u64);
        self.bytes.extend_from_slice(s.as_bytes());
    }
}

/// Reads what a [`Writer`] wrote; running out or finding nonsense is a damaged link.
pub struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Self { bytes }
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    pub fn byte(&mut self) -> Result<u8, ShareError> {
        let (&b, rest) = self.bytes.split_first().ok_or(ShareError::DamagedLink)?;
        self.bytes = rest;
        Ok(b)
    }

    pub fn varint(&mut self) -> Result<u64, ShareError> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= ((b & 0x7f) as u64).checked_shl(shift).ok_or(ShareError::DamagedLink)?;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(ShareError::DamagedLink)
    }

    /// A count of things each at least one byte long: never more than the bytes left.
    pub fn count(&mut self) -> Result<usize, ShareError> {
        let n = self.varint()?;
        usize::try_from(n).ok().filter(|n| *n <= self.bytes.len()).ok_or(ShareError::DamagedLink)
    }

    pub fn text(&mut self) -> Result<String, ShareError> {
        let n = self.count()?;
        let (s, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        String::from_utf8(s.to_vec()).map_err(|_| ShareError::DamagedLink)
    }

    pub fn take(&mut self, n: usize) -> Result<&'a [u8], ShareError> {
        if n > self.bytes.len() {
            return Err(ShareError::DamagedLink);
        }
        let (s, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_packed_payload_unpacks_and_a_changed_one_does_not() {
        let link = pack("g1.", b"hello hello hello".to_vec());
        let hello = Ok(("g1.", b"hello hello hello".to_vec()));
        assert_eq!(unpack(&link, &["g1."]), hello);
        assert_eq!(unpack(&format!("https://x.org/#{link}"), &["g1."]), hello);
        assert_eq!(unpack(&link, &["g2.", "g1."]), hello);
        assert_eq!(unpack(&link.replace("g1.", "g7."), &["g2.", "g1."]), Err(ShareError::NewerLink("g7.".into())));
        assert_eq!(unpack("hello", &["g1."]), Err(ShareError::NotALink));
        assert_eq!(unpack(&link[..link.len() - 2], &["g1."]), Err(ShareError::DamagedLink));
    }

    #[test]
    fn varints_round_trip() {
        let mut w = Writer::default();
        for n in [0, 1, 127, 128, 300, u64::MAX] {
            w.varint(n);
        }
        let mut r = Reader::new(&w.bytes);
        for n in [0, 1, 127, 128, 300, u64::MAX] {
            assert_eq!(r.varint(), Ok(n));
        }
        assert!(r.is_empty());
    }
}

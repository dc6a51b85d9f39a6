// The app's Web Worker (a module worker, started by web/src/browser/worker.rs): it runs the
// page's own wasm, not a second copy of the engine. The page's first message names the page's
// wasm-bindgen script (its name carries Trunk's hash, so only the page knows it) and hands over
// the page's compiled WebAssembly.Module, so nothing is fetched or compiled again. Then
// `worker_main` installs the wasm's handler of the page's jobs, which says "ready".
addEventListener('message', async (event) => {
  const { glue, module } = event.data;
  try {
    const app = await import(glue);
    await app.default({ module_or_path: module });
    app.worker_main();
  } catch (error) {
    // Thrown from a task of its own, the error reaches the page's `onerror`, which refuses
    // every job in words (a rejected promise would not).
    setTimeout(() => { throw error; });
  }
}, { once: true });

fn main() {
    sarissa_web::start();
}

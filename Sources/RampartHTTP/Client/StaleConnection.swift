/// A kept-alive connection the server had closed before the request got any answer.
struct StaleConnection: Error {
    let underlying: any Error
}

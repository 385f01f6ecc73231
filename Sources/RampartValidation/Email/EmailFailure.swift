/// The first rule an address breaks and the byte offset where ``EmailScanner`` saw it.
struct EmailFailure: Error {
    let rule: EmailRule
    let offset: Int
}

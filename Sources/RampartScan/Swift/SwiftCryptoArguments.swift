import SwiftSyntax

/// Where a cipher call takes its key and its IV: CommonCrypto by position, CryptoKit and CryptoSwift by label.
enum SwiftCryptoArguments {
    /// CommonCrypto functions and the index of their key and IV arguments.
    static let commonCrypto: [String: (key: Int, iv: Int?)] = [
        "CCCrypt": (3, 5), "CCCryptorCreate": (3, 5), "CCCryptorCreateWithMode": (5, 4), "CCHmac": (1, nil),
        "CCHmacInit": (2, nil), "CCKeyDerivationPBKDF": (1, nil),
    ]
    /// Calls whose `key:` argument is a cipher or MAC key (CryptoSwift, CryptoKit).
    static let keyedCalls: Set<String> = [
        "AES", "ChaCha20", "Blowfish", "HMAC", "Rabbit", "CBCMAC", "CMAC", "Poly1305", "AEADChaCha20Poly1305",
        "authenticationCode", "isValidAuthenticationCode", "Cryptor", "TripleDES", "DES",
    ]
    /// Calls whose `password:` (or `withPassword:`, `passphrase:`) argument derives or is a key.
    static let passwordCalls: Set<String> = [
        "encrypt", "decrypt", "Encryptor", "Decryptor", "PBKDF2", "PBKDF1", "Scrypt", "ScryptRecipient",
        "HKDF", "RNCryptor", "deriveKey", "EncryptorV3", "DecryptorV3",
    ]

    /// The key (or password) arguments of `call`, with what each is.
    static func keys(of call: FunctionCallExprSyntax) -> [(argument: ExprSyntax, what: String)] {
        guard let name = SwiftSyntaxQueries.calleeName(call) else { return [] }
        if let positions = commonCrypto[name], let key = SwiftSyntaxQueries.argument(call, at: positions.key) {
            return [(key, name == "CCKeyDerivationPBKDF" ? "password of \(name)" : "key of \(name)")]
        }
        if name == "SymmetricKey", let data = SwiftSyntaxQueries.argument(call, "data") {
            return [(data, "SymmetricKey(data:)")]
        }
        var found: [(ExprSyntax, String)] = []
        for argument in call.arguments {
            guard let label = argument.label?.text else { continue }
            let lowered = name.lowercased()
            let isCipher = ["crypt", "cipher", "aes", "seal"].contains { lowered.contains($0) }
            if label == "key" && (keyedCalls.contains(name) || isCipher)
                || label == "using" && name == "authenticationCode"
            {
                found.append((argument.expression, "key of \(name)"))
            }
            if ["password", "withPassword", "passphrase"].contains(label) && passwordCalls.contains(name) {
                found.append((argument.expression, "\(label): of \(name)"))
            }
        }
        return found
    }

    /// The IV or nonce arguments of `call`.
    static func ivs(of call: FunctionCallExprSyntax) -> [(argument: ExprSyntax, what: String)] {
        guard let name = SwiftSyntaxQueries.calleeName(call) else { return [] }
        if let positions = commonCrypto[name], let index = positions.iv,
            let iv = SwiftSyntaxQueries.argument(call, at: index)
        {
            return [(iv, "IV of \(name)")]
        }
        if name == "Nonce", let data = SwiftSyntaxQueries.argument(call, "data") {
            return [(data, "\(SwiftSyntaxQueries.calleeText(call))(data:)")]
        }
        return call.arguments.compactMap { argument in
            guard let label = argument.label?.text, label == "iv" || label == "nonce" else { return nil }
            return (argument.expression, "\(label): of \(name)")
        }
    }
}

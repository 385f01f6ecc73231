import Crypto

extension SPKIPin {
    /// The pin of a DER SubjectPublicKeyInfo, hashed exactly as given, for any key type
    /// (including those swift-certificates does not decode: DSA, Ed448, RSA under 2048 bits,
    /// secp256k1, brainpool curves).
    ///
    /// ```swift
    /// let pin = SPKIPin(subjectPublicKeyInfoDER: spki)   // openssl pkey -pubin -outform der | openssl dgst -sha256
    /// ```
    public init(subjectPublicKeyInfoDER: [UInt8]) {
        digest = Array(SHA256.hash(data: subjectPublicKeyInfoDER))
    }
}

/// RS-CRYPTO-001 in Objective-C: CommonCrypto's ECB mode (`kCCOptionECBMode`, `kCCModeECB`) in code.
struct ObjectiveCECBModeRule: ObjectiveCRule {
    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        source.tokens.filter { $0.kind == .identifier && ($0.text == "kCCOptionECBMode" || $0.text == "kCCModeECB") }
            .map {
                source.finding(
                    .ecbMode, at: $0, "\($0.text): ECB encrypts equal blocks to equal ciphertext and has no integrity")
            }
    }
}

import Foundation
import RampartSeal

extension E2EKeyKind {
    /// The kind and bytes of a one-line Bech32 key (an identity or a public key): the line
    /// trimmed, decoded, in the one case its form allows, with the human-readable part `prefix`
    /// of a kind. The failure words come from the caller and never quote a secret.
    static func decodeLine(
        _ text: String, uppercase: Bool, prefix: (E2EKeyKind) -> String, notBech32: (String) -> String,
        wrongForm: (String) -> String
    ) throws(E2EError) -> (E2EKeyKind, Data) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let decoded: (humanReadablePart: String, data: [UInt8])
        do {
            decoded = try Bech32.decode(trimmed)
        } catch {
            throw .invalidKey("\(notBech32(trimmed)): it \(error)")
        }
        guard (uppercase ? trimmed.uppercased() : trimmed.lowercased()) == trimmed,
            let kind = E2EKeyKind.allCases.first(where: { prefix($0) == decoded.humanReadablePart })
        else { throw .invalidKey(wrongForm(trimmed)) }
        return (kind, Data(decoded.data))
    }
}

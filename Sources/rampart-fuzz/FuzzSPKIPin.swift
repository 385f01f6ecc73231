// Fuzzes pin parsing (`SPKIPin(parsing:)`): a pin that parses prints in both forms that parse back
// to the same digest.
import Foundation
import RampartTrust

enum FuzzSPKIPin {
    static let target = FuzzTarget(
        name: "spki-pin", maxLength: 256, summary: "SPKIPin(parsing:): sha256/BASE64 and bare base64 pins", run: run)

    static func run(_ data: Data) {
        guard let pin = try? SPKIPin(parsing: String(decoding: data, as: UTF8.self)) else { return }
        let name = target.name
        FuzzCheck.require(pin.digest.count == 32, name, "a parsed pin is not 32 bytes")
        for form in [pin.description, pin.base64] {
            guard let again = try? SPKIPin(parsing: form) else { FuzzCheck.fail(name, "\(form) does not parse back") }
            FuzzCheck.require(again == pin && again.matches(pin), name, "\(form) parses to another pin")
        }
    }
}

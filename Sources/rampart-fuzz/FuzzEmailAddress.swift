// Fuzzes the e-mail address check (`EmailAddressValidator`) on raw bytes: the String and UTF-8 entry
// points agree, offsets stay inside the address, and whatever the sign-up policy accepts the RFC
// 5321 policy accepts too.
import Foundation
import RampartValidation

enum FuzzEmailAddress {
    static let target = FuzzTarget(
        name: "email-address", maxLength: 400,
        summary: "EmailAddressValidator: sign-up and RFC 5321 policies, UTF-8 bytes and Strings", run: run)

    static let policies: [EmailAddressPolicy] = [
        .signUp, .rfc, EmailAddressPolicy(syntax: .signUp, allowsInternationalized: false),
        EmailAddressPolicy(syntax: .rfc, allowsInternationalized: false),
    ]

    static func run(_ data: Data) {
        let name = target.name
        let results = policies.map { policy in
            data.withUnsafeBytes { raw in
                EmailAddressValidator(policy: policy).check(utf8: raw.bindMemory(to: UInt8.self))
            }
        }
        for result in results {
            if let offset = result.offset {
                FuzzCheck.require(offset >= 0 && offset <= data.count, name, "an offset outside the address")
            }
            FuzzCheck.require(result.isValid == (result.failedRule == nil), name, "valid and a failed rule disagree")
        }
        FuzzCheck.require(
            !results[0].isValid || results[1].isValid, name, "the sign-up policy accepts what rfc refuses")
        FuzzCheck.require(
            !results[2].isValid || results[0].isValid, name, "ASCII-only accepts what the default refuses")
        if let text = String(validating: data, as: UTF8.self) {
            for (policy, result) in zip(policies, results) {
                FuzzCheck.require(
                    EmailAddressValidator(policy: policy).check(text) == result, name,
                    "String and UTF-8 checks disagree")
            }
        }
    }
}

/// RS-STORAGE-001 in Objective-C: `kSecAttrAccessibleAlways` or `kSecAttrAccessibleAlwaysThisDeviceOnly` in code
/// (items readable while the device is locked). `kSecAttrAccessibleWhenUnlocked…` and
/// `…AfterFirstUnlock…` are fine.
struct ObjectiveCWeakKeychainAccessibilityRule: ObjectiveCRule {
    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        source.tokens.filter {
            $0.kind == .identifier
                && ($0.text == "kSecAttrAccessibleAlways" || $0.text == "kSecAttrAccessibleAlwaysThisDeviceOnly")
        }.map {
            source.finding(
                .weakKeychainAccessibility, at: $0,
                "\($0.text): the keychain item can be read while the device is locked (deprecated since iOS 12)")
        }
    }
}

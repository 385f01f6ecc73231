// The registry of fuzz targets: a name for the command line, the input size libFuzzer should try,
// and the function that feeds bytes to one parser and checks what the library promises.
import Foundation

/// One fuzz target. `run` must never crash on any input: errors the parser throws are expected
/// and ignored; only a broken invariant of the library ends the process (`FuzzCheck.fail`).
struct FuzzTarget: Sendable {
    /// The name on the command line and of the `Fuzz/Corpus/NAME` folder.
    let name: String
    /// libFuzzer's `-max_len` for this target.
    let maxLength: Int
    /// One line saying what is fuzzed.
    let summary: String
    let run: @Sendable (Data) -> Void

    static let all: [FuzzTarget] = [
        FuzzATSDocument.target,
        FuzzAgeHeader.target,
        FuzzArmoredSource.target,
        FuzzAgeDecrypt.target,
        FuzzRNCryptorHeader.target,
        FuzzRNCryptorDecryptor.target,
        FuzzVaultBackup.target,
        FuzzSPKIPin.target,
        FuzzCertificateFile.target,
        FuzzPEM.target,
        FuzzProxySettings.target,
        FuzzHTTPResponse.target,
        FuzzHTTP2ClientFrames.target,
        FuzzSCTList.target,
        FuzzCTPrecertificate.target,
        FuzzCTLogList.target,
        FuzzRFC3339Date.target,
        FuzzTrustKitConfiguration.target,
        FuzzE2EEnvelope.target,
        FuzzKeyFile.target,
        FuzzEmailAddress.target,
        FuzzImageStructure.target,
        FuzzJSONContract.target,
        FuzzMachO.target,
        FuzzProvisioningProfile.target,
        FuzzObjectiveCTokenizer.target,
        FuzzSigningKey.target,
        FuzzPlainArguments.target,
        FuzzScanSwift.target,
        FuzzScanPlist.target,
        FuzzScanIPA.target,
    ]

    static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}

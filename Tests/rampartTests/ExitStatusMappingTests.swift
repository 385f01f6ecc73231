import Foundation
import RampartCommandLine
import RampartDiagnostics
import RampartE2E
import RampartHTTP
import RampartIO
import RampartPolicy
import RampartSeal
import RampartTrust
import RampartVault
import Testing

@testable import rampart

/// The command line's status type (Swift Testing has an `ExitStatus` of its own).
private typealias ExitStatus = RampartCommandLine.ExitStatus

/// The documented exit status of every library failure: the libraries name the failure, the
/// command line alone decides the number.
@Suite("Exit statuses of library failures")
struct ExitStatusMappingTests {
    @Test("SealError: 77 credentials, 65 data, 2 parameters, 66 missing, 73 output, 74 I/O, 141 pipe")
    func seal() {
        let table: [(SealError, ExitStatus)] = [
            (.wrongCredentials("x"), .authenticationFailed), (.authenticationFailed("x"), .authenticationFailed),
            (.truncated("x"), .dataError), (.malformed("x"), .dataError), (.unrecognizedFormat("x"), .dataError),
            (.invalidParameter("x"), .usage), (.notFound("x"), .noInput), (.cannotCreateOutput("x"), .cannotCreate),
            (.io("x"), .ioError), (.brokenPipe("x"), .brokenPipe),
        ]
        for (error, status) in table { #expect(ExitStatus(error) == status, "\(error)") }
        #expect(ExitStatus.brokenPipe.rawValue == 141 && ExitStatus.authenticationFailed.rawValue == 77)
    }

    @Test("IOError: 66 missing, 73 output exists or cannot be created, 141 pipe, 74 the rest; passphrase files")
    func io() {
        let table: [(IOError.Code, ExitStatus)] = [
            (.notFound, .noInput), (.alreadyExists, .cannotCreate), (.cannotCreate, .cannotCreate),
            (.brokenPipe, .brokenPipe), (.notAFile, .ioError), (.ioFailure, .ioError),
        ]
        for (code, status) in table { #expect(ExitStatus(IOError(code, .read, path: "x")) == status, "\(code)") }
        let passphrases: [(PassphraseFileError, ExitStatus)] = [
            (.unreadable(IOError(.notFound, .open, path: "x")), .noInput),
            (.unreadable(IOError(.ioFailure, .read, path: "x")), .ioError),
            (.tooLong(path: "x", limit: 1), .dataError),
            (.controlCharacter(path: "x", scalar: 0, offset: 0), .dataError),
            (.empty(path: "x"), .usage), (.notUTF8(path: "x"), .usage),
        ]
        for (error, status) in passphrases { #expect(ExitStatus(error) == status, "\(error)") }
    }

    @Test("E2EError: 77 not a recipient, wrong sender, tampered; 65 malformed or bad key; underlying statuses")
    func e2e() {
        let table: [(E2EError, ExitStatus)] = [
            (.notARecipient("x"), .authenticationFailed), (.wrongSender("x"), .authenticationFailed),
            (.tampered("x"), .authenticationFailed), (.malformed("x"), .dataError), (.invalidKey("x"), .dataError),
            (.io(IOError(.notFound, .open, path: "x")), .noInput),
            (.io(IOError(.alreadyExists, .create, path: "x")), .cannotCreate),
            (.io(IOError(.cannotCreate, .create, path: "x")), .cannotCreate),
            (.io(IOError(.ioFailure, .write, path: "x")), .ioError),
            (.io(IOError(.notAFile, .open, path: "x")), .ioError),
            (.io(IOError(.brokenPipe, .write, path: "x")), .brokenPipe),
            (.vault(.wrongPassphrase("x")), .authenticationFailed),
        ]
        for (error, status) in table { #expect(ExitStatus(error) == status, "\(error)") }
    }

    @Test("VaultError: 1 item and lock states, 77 authentication, 2, 66, 73, 65, 74")
    func vault() {
        let table: [(VaultError, ExitStatus)] = [
            (.itemNotFound("x"), .policyViolation), (.duplicateItem("x"), .policyViolation),
            (.locked("x"), .policyViolation), (.interactionNotAllowed("x"), .policyViolation),
            (.wrongPassphrase("x"), .authenticationFailed), (.wrongApplicationPassword("x"), .authenticationFailed),
            (.userPresenceDenied("x"), .authenticationFailed), (.itemAuthenticationFailed("x"), .authenticationFailed),
            (.wrongDevice("x"), .authenticationFailed), (.invalidParameter("x"), .usage),
            (.invalidEncoding(.account, "x"), .dataError), (.vaultNotFound("x"), .noInput),
            (.fileNotFound("x"), .noInput), (.vaultExists("x"), .cannotCreate), (.cannotCreateFile("x"), .cannotCreate),
            (.fileExists("x"), .cannotCreate),
            (.unsupportedFormat("x"), .dataError), (.damaged("x"), .dataError), (.io("x"), .ioError),
        ]
        for (error, status) in table { #expect(ExitStatus(error) == status, "\(error)") }
    }

    @Test("PolicyError and TrustError: 66 missing, 74 unreadable, 65 bad data, 2 a refused pin configuration")
    func policyAndTrust() {
        #expect(ExitStatus(PolicyError.missingFile(path: "p")) == .noInput)
        #expect(ExitStatus(PolicyError.unreadable(path: "p", reason: "r")) == .ioError)
        #expect(ExitStatus(PolicyError.notAPropertyList(source: "s", reason: "r")) == .dataError)
        #expect(ExitStatus(PolicyError.notADictionary(source: "s", found: "f")) == .dataError)
        #expect(ExitStatus(PolicyError.unsupportedURL("u")) == .dataError)
        #expect(ExitStatus(PolicyError.ignoredValues(source: "s", diagnostics: [])) == .dataError)
        #expect(ExitStatus(TrustError.missingFile(path: "p")) == .noInput)
        #expect(ExitStatus(TrustError.notAFile(path: "p", kind: "a directory")) == .noInput)
        #expect(ExitStatus(TrustError.unreadable(path: "p", reason: "r")) == .ioError)
        #expect(ExitStatus(TrustError.malformedPin("p", reason: "r")) == .dataError)
        #expect(ExitStatus(TrustError.malformedCertificate(source: "s", reason: "r")) == .dataError)
        #expect(ExitStatus(TrustError.noBackupPin(domain: "d", count: 1)) == .usage)
        #expect(ExitStatus(TrustError.publicSuffixWithSubdomains(domain: "co.uk")) == .usage)
        #expect(ExitStatus(TrustError.malformedDomain("*.x")) == .usage)
        // Read from a file, a refused pin configuration is bad data; anything else keeps its status.
        #expect(ExitStatus(readingFile: TrustError.noBackupPin(domain: "d", count: 1)) == .dataError)
        #expect(ExitStatus(readingFile: TrustError.missingFile(path: "p")) == .noInput)
    }

    @Test("HTTP, probe, diagnostics and pin health failures: 1 policy or trust, 2 usage, 66 body, 74 the way there")
    func networkFailures() throws {
        #expect(
            ExitStatus(
                HTTPClientError.insecureRedirect(
                    from: try #require(URL(string: "https://a/")),
                    to: try #require(URL(string: "http://a/")))) == .policyViolation)
        #expect(ExitStatus(HTTPClientError.invalidURL("u", reason: "r")) == .usage)
        #expect(ExitStatus(HTTPClientError.invalidProxyConfiguration("p")) == .usage)
        #expect(ExitStatus(HTTPClientError.requestBodyFailed("r")) == .noInput)
        #expect(
            ExitStatus(HTTPClientError.responseTooLarge(try Endpoint(host: "h", port: 443), limit: 1, declared: nil))
                == .ioError)
        #expect(ExitStatus(HTTPClientError.shutDown) == .ioError)
        #expect(ExitStatus(ATSDiagnosticsError.unsupportedURL("u")) == .usage)
        #expect(
            ExitStatus(ATSDiagnosticsError.unreachable(try Endpoint(host: "h", port: 443), detail: "d")) == .ioError)
        #expect(ExitStatus(PinHealthError.cancelled) == .ioError)
        #expect(ExitStatus(PinHealthError.endpoint(.missingPort)) == .usage)
    }
}

// A child process for RampartVault's crash and concurrency tests: it writes to a vault and prints
// a line after each committed transaction, so a test can kill it with SIGKILL mid-stream and then
// check that everything it reported committed is there.
//
//   VaultTestHelper write PATH PASSPHRASE PREFIX COUNT   sets svc/PREFIX-i = "value-PREFIX-i"
//   VaultTestHelper passwd PATH FIRST SECOND COUNT       changes the passphrase back and forth
import Foundation
import RampartVault

/// Writes a line straight to standard output (no buffering), after a commit.
func report(_ line: String) {
    try? FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count == 6, let count = Int(arguments[5]) else {
    try? FileHandle.standardError.write(contentsOf: Data("usage: VaultTestHelper write|passwd PATH A B COUNT\n".utf8))
    exit(2)
}
let options = VaultOptions(testingWorkFactor: 4, busyTimeout: 30)
do {
    switch arguments[1] {
    case "write":
        let vault = try Vault(path: arguments[2], options: options)
        try vault.unlock(passphrase: arguments[3])
        let prefix = arguments[4]
        for index in 0..<count {
            let account = "\(prefix)-\(index)"
            try vault.set(Data("value-\(account)".utf8), for: .genericPassword(service: "svc", account: account))
            report("committed \(index)")
        }
    case "passwd":
        let vault = try Vault(path: arguments[2], options: options)
        var current = arguments[3]
        var next = arguments[4]
        for index in 0..<count {
            try vault.changePassphrase(from: current, to: next)
            report("passphrase \(index) \(next == arguments[3] ? "first" : "second")")
            swap(&current, &next)
        }
    default:
        try? FileHandle.standardError.write(contentsOf: Data("unknown command \(arguments[1])\n".utf8))
        exit(2)
    }
} catch {
    try? FileHandle.standardError.write(contentsOf: Data("\(error)\n".utf8))
    exit(1)
}

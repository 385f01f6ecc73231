import Dispatch
import Foundation
import RampartIO

/// On a signal that would end the process (HUP, INT, QUIT, TERM, USR1, USR2, ALRM, VTALRM, PROF,
/// XCPU, XFSZ), removes every output still being written before exiting with 128 + the signal's
/// number (129 for HUP, 130 for INT, 143 for TERM…), so an interrupted encryption or decryption
/// leaves nothing behind.
///
/// Outputs in progress are unnamed files (`O_TMPFILE`) wherever the file system allows it: those
/// vanish with the process whatever kills it, SIGKILL included. This handler is for the hidden
/// `mkstemp` files used where it does not. SIGPIPE is not handled: ``StandardStreams/secure()``
/// ignores it, so a closed pipe is a write error (exit 141) with the same clean-up as any other.
enum InterruptCleanup {
    /// The catchable signals whose default action ends the process.
    static let signals: [Int32] = [
        SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
    ]

    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    static func install() {
        for signalNumber in signals {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                AtomicFileOutput.discardAllPending()
                exit(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }
}

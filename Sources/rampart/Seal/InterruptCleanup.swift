import Dispatch
import Foundation
import RampartSeal

/// On SIGINT or SIGTERM, removes every output still being written (hidden temporary files beside
/// their destinations) before exiting 130 or 143, so an interrupted encryption or decryption leaves
/// nothing behind.
enum InterruptCleanup {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    static func install() {
        for signalNumber in [SIGINT, SIGTERM] {
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

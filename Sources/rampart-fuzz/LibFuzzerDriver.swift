// Hands a fuzz target to libFuzzer (`LLVMFuzzerRunDriver`), in builds made by `Scripts/fuzz` only.
#if RAMPART_FUZZING
    import Foundation

    @_silgen_name("LLVMFuzzerRunDriver")
    private func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    /// The target libFuzzer's callback runs; set once before the driver starts.
    nonisolated(unsafe) private var selectedTarget: FuzzTarget?

    /// libFuzzer's classic entry point. SwiftPM links an executable's entry point as
    /// `rampart_fuzz_main` and points `main` at it with `--defsym`, so the linker still pulls
    /// libFuzzer's own `main` object out of the runtime archive (that `main` loses to the
    /// `--defsym`), and that object needs this symbol. Our `main` runs; this forwards to the target.
    @_cdecl("LLVMFuzzerTestOneInput")
    func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
        guard let selectedTarget else { return 0 }
        selectedTarget.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
        return 0
    }

    enum LibFuzzerDriver {
        /// Runs libFuzzer on `target` with the process's arguments minus the target's name.
        static func run(_ target: FuzzTarget) -> Int32 {
            selectedTarget = target
            // libFuzzer reads flags and corpus folders from argv; drop the target name (argv[1]).
            var kept = CommandLine.arguments
            kept.remove(at: 1)
            var pointers: [UnsafeMutablePointer<CChar>?] = kept.map { strdup($0) }
            pointers.append(nil)
            var argc = Int32(kept.count)
            return pointers.withUnsafeMutableBufferPointer { buffer -> Int32 in
                guard var argv = buffer.baseAddress else { return 2 }
                return LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in fuzzerTestOneInput(bytes, count) }
            }
        }
    }
#endif

/// What ``MachOReader`` read from one Mach-O image (a thin binary, or one architecture of a universal
/// one): the symbols it imports, the C strings it carries, the libraries it links and whether FairPlay
/// encrypted it.
///
/// ```swift
/// for slice in try MachOReader.read(bytes) where slice.importedSymbols.contains("_CC_MD5") {
///     print(slice.architecture, "imports CC_MD5")
/// }
/// ```
public struct MachOSlice: Sendable, Hashable {
    /// The kind of image (`MH_OBJECT`, `MH_EXECUTE`, `MH_DYLIB`, `MH_BUNDLE`, …).
    public enum FileType: Sendable, Hashable, CustomStringConvertible {
        case object, executable, dylib, bundle
        case other(UInt32)

        init(_ raw: UInt32) {
            switch raw {
            case 1: self = .object
            case 2: self = .executable
            case 6: self = .dylib
            case 8: self = .bundle
            default: self = .other(raw)
            }
        }

        public var description: String {
            switch self {
            case .object: "object file"
            case .executable: "executable"
            case .dylib: "dynamic library"
            case .bundle: "bundle"
            case .other(let raw): "Mach-O file type \(raw)"
            }
        }
    }

    /// One NUL-terminated string from a section of C strings (`__TEXT,__cstring`,
    /// `__TEXT,__objc_methname`, …).
    public struct CString: Sendable, Hashable {
        /// `SEGMENT,section`, for example `__TEXT,__cstring`.
        public var section: String
        public var value: String

        public init(section: String, value: String) {
            self.section = section
            self.value = value
        }
    }

    /// `arm64`, `arm64e`, `x86_64`, `armv7`, `i386`, or `cpu 0x…` for another CPU type.
    public var architecture: String
    public var fileType: FileType
    /// Symbols the image takes from elsewhere (undefined external symbols of `LC_SYMTAB`, or the
    /// imports of `LC_DYLD_CHAINED_FIXUPS` when the symbol table lists none), with their leading
    /// underscore (`_CC_MD5`, `_OBJC_CLASS_$_UIWebView`), sorted, each once.
    public var importedSymbols: [String]
    /// The strings of `__TEXT,__cstring`, `__TEXT,__objc_methname` and `__TEXT,__oslogstring`, in file
    /// order, each as UTF-8 (invalid sequences replaced); empty when ``isEncrypted``.
    public var strings: [CString]
    /// Install names of the libraries it loads (`LC_LOAD_DYLIB`, weak and re-exported ones too).
    public var linkedLibraries: [String]
    /// True when `LC_ENCRYPTION_INFO(_64)` has a non-zero `cryptid`: the App Store's FairPlay
    /// encryption covers the text, so its strings cannot be read (its imports still can).
    public var isEncrypted: Bool
    /// The entitlements the code signature (`LC_CODE_SIGNATURE`) carries, as the XML property list
    /// `codesign` embedded; nil when the image is not signed or its signature holds none.
    public var entitlements: [UInt8]?
    /// What was left unread because the binary reached one of ``MachOLimits`` (each naming the limit), up to and
    /// including this slice; empty when it was read whole.
    public var omissions: [String]

    public init(
        architecture: String, fileType: FileType, importedSymbols: [String], strings: [CString],
        linkedLibraries: [String], isEncrypted: Bool, entitlements: [UInt8]? = nil, omissions: [String] = []
    ) {
        self.omissions = omissions
        self.architecture = architecture
        self.fileType = fileType
        self.importedSymbols = importedSymbols
        self.strings = strings
        self.linkedLibraries = linkedLibraries
        self.isEncrypted = isEncrypted
        self.entitlements = entitlements
    }
}

import ArgumentParser
import RampartSeal

extension SealFormat: ExpressibleByArgument {}

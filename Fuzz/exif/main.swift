// libFuzzer target: the EXIF orientation parser on raw blocks.
import Codecs

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = EXIFOrientation.parse(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

// libFuzzer target: the EXIF orientation parser on raw blocks.
import Codecs
import FuzzSupport

FuzzDriver.run { bytes in
    _ = EXIFOrientation.parse(bytes)
}

@_exported import Raster

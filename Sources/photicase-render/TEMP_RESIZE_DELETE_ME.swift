import Raster
extension Raster { func resized(to s: PixelSize) -> Raster { var o = Raster(width: s.width, height: s.height); for y in 0..<s.height { for x in 0..<s.width { o[x,y] = self[x*width/s.width, y*height/s.height] } }; return o } }

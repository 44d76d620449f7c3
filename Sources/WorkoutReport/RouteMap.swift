import Foundation

/// The route as an equirectangular projection (no map tiles): x is longitude × cos(mean
/// latitude), y is latitude, both in degrees, scaled by one factor to fit the box (so the shape
/// keeps its proportions near the route's mean latitude), north up.
public enum RouteMap {
  /// The box, px.
  static let width = 440.0
  static let height = 330.0
  static let margin = 12.0

  /// `positions` (latitude, longitude in degrees) projected into the box: one scale for both
  /// axes, the route centred. A single position (or all at one place) lands in the middle.
  public static func project(_ positions: [(latitude: Double, longitude: Double)]) -> [ChartPoint] {
    guard !positions.isEmpty else { return [] }
    let latitudes = positions.map(\.latitude)
    let meanLatitude = latitudes.reduce(0, +) / Double(latitudes.count)
    let factor = cos(meanLatitude * Double.pi / 180)
    let xs = positions.map { $0.longitude * factor }
    guard let minX = xs.min(), let maxX = xs.max(), let minY = latitudes.min(),
      let maxY = latitudes.max()
    else { return [] }
    let spanX = maxX - minX
    let spanY = maxY - minY
    let usableWidth = width - 2 * margin
    let usableHeight = height - 2 * margin
    let scale =
      max(spanX, spanY) > 0
      ? min(
        spanX > 0 ? usableWidth / spanX : .infinity, spanY > 0 ? usableHeight / spanY : .infinity)
      : 0
    let offsetX = (width - spanX * scale) / 2
    let offsetY = (height - spanY * scale) / 2
    return zip(xs, latitudes).map { x, latitude in
      ChartPoint(x: offsetX + (x - minX) * scale, y: height - offsetY - (latitude - minY) * scale)
    }
  }

  /// The route's SVG: the line, a start dot and a finish dot.
  static func svg(_ positions: [(latitude: Double, longitude: Double)], id: String) -> String {
    let points = project(positions)
    var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\" id=\"" + id
    out += "\" viewBox=\"0 0 " + PathText.number(width) + " " + PathText.number(height)
    out += "\" role=\"img\" aria-label=\"Route\"><title>Route</title>"
    out += "<rect class=\"plot\" x=\"0\" y=\"0\" width=\"" + PathText.number(width)
    out += "\" height=\"" + PathText.number(height) + "\"/>"
    out += "<path class=\"line s-route\" d=\"" + PathText.polyline(points) + "\"/>"
    if let first = points.first, let last = points.last {
      out += "<circle class=\"start\" cx=\"" + PathText.number(first.x) + "\" cy=\""
      out += PathText.number(first.y) + "\" r=\"5\"><title>start</title></circle>"
      out += "<circle class=\"finish\" cx=\"" + PathText.number(last.x) + "\" cy=\""
      out += PathText.number(last.y) + "\" r=\"5\"><title>finish</title></circle>"
    }
    out += "</svg>"
    return out
  }
}

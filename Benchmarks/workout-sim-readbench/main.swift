// workout-sim-readbench: times the recording readers for scripts/bench-recordings.sh.
//
// Usage: workout-sim-readbench (fit|gpx|xml) FILE [REPEATS]
//   fit, gpx: Recording.read(path:) (file read and decode) REPEATS times;
//   xml: a bare Foundation XMLParser pass with an empty delegate over the file's bytes (read
//        from disk each time, like the others).
// Prints the best and the median wall time of one pass in milliseconds, and the point count.
import Foundation
import WorkoutRecordings

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An XML delegate that does nothing: the floor of any XMLParser-based reader.
final class EmptyDelegate: NSObject, XMLParserDelegate {}

func milliseconds(_ body: () throws -> Int) rethrows -> (Double, Int) {
  let start = DispatchTime.now().uptimeNanoseconds
  let count = try body()
  return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6, count)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, ["fit", "gpx", "xml"].contains(arguments[1]) else {
  FileHandle.standardError.write(
    Data("usage: workout-sim-readbench (fit|gpx|xml) FILE [REPEATS]\n".utf8))
  exit(64)
}
let mode = arguments[1]
let path = arguments[2]
let repeats = arguments.count > 3 ? max(1, Int(arguments[3]) ?? 20) : 20
var times: [Double] = []
var count = 0
do {
  for _ in 0..<repeats {
    let (time, points) = try milliseconds { () throws -> Int in
      switch mode {
      case "xml":
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let parser = XMLParser(data: data)
        let delegate = EmptyDelegate()
        parser.delegate = delegate
        guard parser.parse() else { throw CocoaError(.fileReadCorruptFile) }
        return 0
      default:
        return try Recording.read(path: path).points.count
      }
    }
    times.append(time)
    count = points
  }
} catch {
  FileHandle.standardError.write(Data("\(path): \(error)\n".utf8))
  exit(65)
}
times.sort()
print(
  "\(mode) best " + String(format: "%.3f", times[0]) + " ms median "
    + String(format: "%.3f", times[times.count / 2]) + " ms points \(count)")

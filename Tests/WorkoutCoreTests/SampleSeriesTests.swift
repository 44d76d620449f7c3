import Testing

@testable import WorkoutCore

@Suite struct SampleSeriesTests {
  /// `compacted()` copies an array with more than a page and the headroom spare: 10 samples in
  /// room for 10 000 (80 000 bytes per array) come out in a tight copy, with less than a page
  /// spare per array: at most 10 × 16 + 2 × 4096 = 8352 bytes, holding the same samples.
  @Test func compactionCopiesRoomySeries() {
    var series = SampleSeries()
    series.reserve(additional: 10_000)
    for k in Int64(0)..<10 { series.append(start: k * 5, end: k * 5, value: Double(k)) }
    #expect(series.storageBytes >= 160_000)
    let compact = series.compacted()
    #expect(compact.storageBytes <= 8352)
    #expect(compact == series)
    #expect(compact.map(\.value) == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
  }

  /// Reserving grows at least twofold: room for 100 elements asked for gives at least 100 + 16
  /// (the headroom); asking for one more than fits then gives at least twice that room, so a run
  /// pumped in small steps still appends in amortised O(1). Checked per array: the allocator may
  /// round the two arrays of a series to different capacities, so the series' total says
  /// nothing about either one.
  @Test func reservationGrowsGeometrically() {
    var array: [Int64] = []
    array.reserveRoom(for: 100)
    let room = array.capacity
    #expect(room >= 116)
    array.append(contentsOf: repeatElement(0, count: room))
    array.reserveRoom(for: room + 1)
    #expect(array.capacity >= 2 * room)
    // A reservation that fits changes nothing.
    let grown = array.capacity
    array.reserveRoom(for: room + 1)
    #expect(array.capacity == grown)
  }

  /// A series reserves in both its arrays: 100 samples asked for fit without growing.
  @Test func seriesReservesBothArrays() {
    var series = SampleSeries()
    series.reserve(additional: 100)
    let reserved = series.storageBytes
    #expect(reserved >= 116 * 16)
    for k in Int64(0)..<100 { series.append(start: k, end: k, value: 0) }
    #expect(series.storageBytes == reserved)
  }

  /// `forEachSample` gives each sample's span in order, its irregular ends included: spans of
  /// nominal length 5 s at 0 and 5 s, one cut at a pause (10 s to 12 s), then 15 s to 20 s
  /// and one cut at the end (20 s to 21 s); the same as the subscript gives.
  @Test func forEachSampleGivesIrregularEnds() {
    var series = SampleSeries(nominalLength: .seconds(5))
    let second: Int64 = 1_000_000_000
    let spans: [(Int64, Int64)] = [(0, 5), (5, 10), (10, 12), (15, 20), (20, 21)]
    for (index, span) in spans.enumerated() {
      series.append(start: span.0 * second, end: span.1 * second, value: Double(index))
    }
    var seen: [[Int64]] = []
    series.forEachSample { start, end, value in seen.append([start, end, Int64(value)]) }
    #expect(
      seen == [
        [0, 5 * second, 0], [5 * second, 10 * second, 1], [10 * second, 12 * second, 2],
        [15 * second, 20 * second, 3], [20 * second, 21 * second, 4],
      ])
    #expect(
      seen.map { [$0[0], $0[1]] } == series.map { [$0.start.nanoseconds, $0.end.nanoseconds] })
  }

  /// `forEachSample(from:)` gives only the samples from a position on, with their irregular
  /// ends: of the spans above (0–5, 5–10, 10–12 cut, 15–20, 20–21 cut), from 2 it gives
  /// 10–12, 15–20 and 20–21; from 3, 15–20 and 20–21 (the cut at 10–12 skipped, the one at
  /// 20–21 kept); from 5 (the count) and past it, nothing.
  @Test func forEachSampleFromAPositionSkipsTheSamplesBefore() {
    var series = SampleSeries(nominalLength: .seconds(5))
    let second: Int64 = 1_000_000_000
    let spans: [(Int64, Int64)] = [(0, 5), (5, 10), (10, 12), (15, 20), (20, 21)]
    for (index, span) in spans.enumerated() {
      series.append(start: span.0 * second, end: span.1 * second, value: Double(index))
    }
    func seen(from first: Int) -> [[Int64]] {
      var seen: [[Int64]] = []
      series.forEachSample(from: first) { start, end, value in
        seen.append([start / second, end / second, Int64(value)])
      }
      return seen
    }
    #expect(seen(from: 2) == [[10, 12, 2], [15, 20, 3], [20, 21, 4]])
    #expect(seen(from: 3) == [[15, 20, 3], [20, 21, 4]])
    #expect(seen(from: 0) == [[0, 5, 0], [5, 10, 1], [10, 12, 2], [15, 20, 3], [20, 21, 4]])
    #expect(seen(from: 5).isEmpty)
    #expect(seen(from: 9).isEmpty)
  }
}

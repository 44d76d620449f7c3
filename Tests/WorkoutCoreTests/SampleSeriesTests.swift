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

  /// Reserving grows at least twofold: room for 100 samples asked for gives at least 100 + 16
  /// (the headroom); asking for one more than fits then gives at least twice that room, so a run
  /// pumped in small steps still appends in amortised O(1).
  @Test func reservationGrowsGeometrically() {
    var series = SampleSeries()
    series.reserve(additional: 100)
    let room = series.storageBytes / 16
    #expect(room >= 116)
    for k in 0..<room { series.append(start: Int64(k), end: Int64(k), value: 0) }
    series.reserve(additional: 1)
    #expect(series.storageBytes / 16 >= 2 * room)
  }
}

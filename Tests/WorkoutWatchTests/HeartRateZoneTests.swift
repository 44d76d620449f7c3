import Testing
import WorkoutWatch

@Suite struct HeartRateZoneTests {
  // Maximum 200: zone bounds at 100, 120, 140, 160, 180 count/min (50, 60, 70, 80, 90 %).
  @Test(
    arguments: [
      (99.0, nil), (100.0, 1), (119.9, 1), (120.0, 2), (139.0, 2), (140.0, 3), (159.0, 3),
      (160.0, 4), (179.0, 4), (180.0, 5), (210.0, 5),
    ] as [(Double, Int?)])
  func zones(heartRate: Double, zone: Int?) {
    #expect(HeartRateZone.zone(heartRate: heartRate, maximumHeartRate: 200) == zone)
  }

  @Test func badInput() {
    #expect(HeartRateZone.zone(heartRate: .nan, maximumHeartRate: 200) == nil)
    #expect(HeartRateZone.zone(heartRate: 150, maximumHeartRate: 0) == nil)
    #expect(HeartRateZone.zone(heartRate: -1, maximumHeartRate: 200) == nil)
  }
}

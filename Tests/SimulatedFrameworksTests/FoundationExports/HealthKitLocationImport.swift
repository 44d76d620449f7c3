import SimulatedHealthKit

/// Builds only while SimulatedHealthKit re-exports Core Location's values, as HealthKit's
/// module does (`HKWorkoutRouteBuilder.insertRouteData(_:)` takes `[CLLocation]`): the file
/// imports nothing else. One degree of latitude along a meridian is R·π/180 = 111 195.08 m
/// (R = 6 371 008.8 m).
func healthKitLocationUse() -> CLLocationDistance {
  let origin = CLLocation(latitude: 0, longitude: 0)
  let north = CLLocation(
    coordinate: CLLocationCoordinate2D(latitude: 1, longitude: 0), altitude: 0,
    horizontalAccuracy: 5, verticalAccuracy: 5, timestamp: Date(timeIntervalSince1970: 0))
  return north.distance(from: origin)
}

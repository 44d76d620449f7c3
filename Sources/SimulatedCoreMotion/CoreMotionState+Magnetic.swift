import SimulationDriver
import WorkoutCore
import WorkoutPhysiology
import WorkoutScenario
import WorkoutSimulation

/// The magnetometer's reading at one instant (docs/models.md#magnetic-field).
struct MagneticReading: Sendable, Equatable {
  /// The calibrated field in the device frame, µT: the Earth's, without the device's bias.
  var field: MotionVector
  /// The device's hard-iron bias, µT.
  var bias: MotionVector
  /// The bearing the device's top points along (the direction of travel), degrees clockwise
  /// from true north.
  var bearing: Double
  /// The declination at the body's position, degrees east.
  var declination: Double

  /// What the magnetometer reads raw, µT: ``field`` + ``bias``.
  var raw: MotionVector { field + bias }

  /// ``bearing`` from magnetic north, degrees in 0..<360: the true bearing less the declination.
  var magneticBearing: Double {
    let value = (bearing - declination).truncatingRemainder(dividingBy: 360)
    return value < 0 ? value + 360 : value
  }
}

extension CoreMotionState {
  /// Whether `device` has a magnetometer in `scenario`: the iPhone always; the watch unless
  /// `motion.magnetometer` is `false` (``WorkoutScenario/Scenario/watchHasMagnetometer``: an
  /// Apple Watch before Series 5, which has no compass; docs/scenario-format.md#motion).
  static func hasMagnetometer(_ scenario: Scenario, on device: AppSimulation.Device) -> Bool {
    device == .phone || scenario.watchHasMagnetometer
  }

  /// The magnetometer's reading at `instant` on `device`, whose wrist motion reads `sample`:
  /// the WMM2025 field (``WorkoutPhysiology/GeomagneticField``) at the body's true position
  /// (``WorkoutSimulation/RoutePlan/truePosition(at:)``, the position Core Location's fixes and
  /// headings start from), height (``height(at:)``) and date, turned into a device whose top points along the bearing of travel
  /// there (the scenario's `gps.heading` before a replay's body has moved) and tilted by the
  /// sample's pitch and roll; the device's bias (``WristPlan``). Needs ``prepareWrist(_:)``
  /// and ``prepareAltitude(_:)``.
  func magneticReading(
    at instant: SimulationInstant, on device: AppSimulation.Device, sample: WristMotionSample
  ) -> MagneticReading {
    let place = heights?.truePosition(at: instant)
    let latitude = place?.latitude ?? gps.latitude
    let longitude = place?.longitude ?? gps.longitude
    let bearing = place?.bearing ?? gps.heading
    let earth = GeomagneticField(
      latitude: latitude, longitude: longitude, altitude: height(at: instant),
      secondsSince1970: date(instant).timeIntervalSince1970)
    let bias = (device == .phone ? wrist?.phoneBias : wrist?.watchBias) ?? .zero
    return MagneticReading(
      field: earth.inDevice(bearing: bearing, pitch: sample.pitch, roll: sample.roll),
      bias: bias, bearing: bearing, declination: earth.declination)
  }
}

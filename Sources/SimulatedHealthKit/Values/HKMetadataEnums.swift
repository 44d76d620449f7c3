// The enumerations whose raw values metadata keys hold (HealthKit's `HKMetadataEnums.h`; raw
// values from the SDK header, each case's name from Apple's page for the type). A value goes into
// metadata as its raw value in an `NSNumber`:
// `[HKMetadataKeyWeatherCondition: NSNumber(value: HKWeatherCondition.clear.rawValue)]`.

/// The overall weather during a workout, the value of ``HKMetadataKeyWeatherCondition`` (Apple
/// doc: https://developer.apple.com/documentation/healthkit/hkweathercondition; raw values 0 to
/// 27 in the SDK's order).
public enum HKWeatherCondition: Int, Sendable, Hashable {
  /// Unknown or irrelevant (0).
  case none = 0
  /// Clear (1).
  case clear = 1
  /// Fair (2).
  case fair = 2
  /// Partly cloudy (3).
  case partlyCloudy = 3
  /// Mostly cloudy (4).
  case mostlyCloudy = 4
  /// Cloudy (5).
  case cloudy = 5
  /// Foggy (6).
  case foggy = 6
  /// Haze (7).
  case haze = 7
  /// Windy (8).
  case windy = 8
  /// Blustery (9).
  case blustery = 9
  /// Smoky (10).
  case smoky = 10
  /// Dust (11).
  case dust = 11
  /// Snow (12).
  case snow = 12
  /// Hail (13).
  case hail = 13
  /// Sleet (14).
  case sleet = 14
  /// Freezing drizzle (15).
  case freezingDrizzle = 15
  /// Freezing rain (16).
  case freezingRain = 16
  /// Rain and hail (17).
  case mixedRainAndHail = 17
  /// Rain and snow (18).
  case mixedRainAndSnow = 18
  /// Rain and sleet (19).
  case mixedRainAndSleet = 19
  /// Snow and sleet (20).
  case mixedSnowAndSleet = 20
  /// Drizzle (21).
  case drizzle = 21
  /// Scattered showers (22).
  case scatteredShowers = 22
  /// Showers (23).
  case showers = 23
  /// Thunderstorms (24).
  case thunderstorms = 24
  /// A tropical storm (25).
  case tropicalStorm = 25
  /// A hurricane (26).
  case hurricane = 26
  /// A tornado (27).
  case tornado = 27
}

/// How active the person was when a heart rate was measured, the value of
/// ``HKMetadataKeyHeartRateMotionContext`` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkheartratemotioncontext).
public enum HKHeartRateMotionContext: Int, Sendable, Hashable {
  /// Not set (0).
  case notSet = 0
  /// At rest (1).
  case sedentary = 1
  /// Moving (2).
  case active = 2
}

/// Whether the person was still or moving during a measurement, the value of
/// ``HKMetadataKeyUserMotionContext`` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkusermotioncontext).
public enum HKUserMotionContext: Int, Sendable, Hashable {
  /// Not set (0).
  case notSet = 0
  /// Still (1).
  case stationary = 1
  /// Moving (2).
  case active = 2
}

/// Where on the body a heart-rate sensor was, the value of
/// ``HKMetadataKeyHeartRateSensorLocation`` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkheartratesensorlocation).
public enum HKHeartRateSensorLocation: Int, Sendable, Hashable {
  /// Somewhere not listed (0).
  case other = 0
  /// The chest (1).
  case chest = 1
  /// The wrist (2).
  case wrist = 2
  /// A finger (3).
  case finger = 3
  /// A hand (4).
  case hand = 4
  /// An ear lobe (5).
  case earLobe = 5
  /// A foot (6).
  case foot = 6
}

/// Where a body temperature was taken, the value of
/// ``HKMetadataKeyBodyTemperatureSensorLocation`` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkbodytemperaturesensorlocation).
public enum HKBodyTemperatureSensorLocation: Int, Sendable, Hashable {
  /// Somewhere not listed (0).
  case other = 0
  /// The armpit (1).
  case armpit = 1
  /// The body (2).
  case body = 2
  /// The ear (3).
  case ear = 3
  /// A finger (4).
  case finger = 4
  /// The gastrointestinal tract (5).
  case gastroIntestinal = 5
  /// The mouth (6).
  case mouth = 6
  /// The rectum (7).
  case rectum = 7
  /// A toe (8).
  case toe = 8
  /// The ear drum (9).
  case earDrum = 9
  /// The temporal artery (10).
  case temporalArtery = 10
  /// The forehead (11).
  case forehead = 11
}

/// Where a measuring device was worn, the value of ``HKMetadataKeyDevicePlacementSide`` (Apple
/// doc: https://developer.apple.com/documentation/healthkit/hkdeviceplacementside).
public enum HKDevicePlacementSide: Int, Sendable, Hashable {
  /// Not known (0).
  case unknown = 0
  /// Mostly on the left (1).
  case left = 1
  /// Mostly on the right (2).
  case right = 2
  /// Mostly in the middle of the body (3).
  case central = 3
}

/// How a blood-glucose reading relates to a meal, the value of
/// ``HKMetadataKeyBloodGlucoseMealTime`` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkbloodglucosemealtime).
public enum HKBloodGlucoseMealTime: Int, Sendable, Hashable {
  /// Just before a meal (1).
  case preprandial = 1
  /// After a meal (2).
  case postprandial = 2
}

/// Why insulin was delivered, the value of ``HKMetadataKeyInsulinDeliveryReason`` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkinsulindeliveryreason).
public enum HKInsulinDeliveryReason: Int, Sendable, Hashable {
  /// For basic metabolic needs (1).
  case basal = 1
  /// For an episodic need, such as a meal (2).
  case bolus = 2
}

/// How a VO2max value was measured or predicted, the value of ``HKMetadataKeyVO2MaxTestType``
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkvo2maxtesttype).
public enum HKVO2MaxTestType: Int, Sendable, Hashable {
  /// Measured at maximal exertion (1).
  case maxExercise = 1
  /// Predicted from a submaximal test protocol (2).
  case predictionSubMaxExercise = 2
  /// Predicted by a non-exercise equation (3).
  case predictionNonExercise = 3
  /// Predicted from a step test (4; iOS 26 and watchOS 26).
  case predictionStepTest = 4
}

/// How a heart-rate recovery value was found, the value of
/// ``HKMetadataKeyHeartRateRecoveryTestType`` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkheartraterecoverytesttype).
public enum HKHeartRateRecoveryTestType: Int, Sendable, Hashable {
  /// Measured after maximal exertion (1).
  case maxExercise = 1
  /// Predicted from a submaximal test protocol (2).
  case predictionSubMaxExercise = 2
  /// Predicted by a non-exercise equation (3).
  case predictionNonExercise = 3
}

/// How a physical-effort sample was estimated, the value of
/// ``HKMetadataKeyPhysicalEffortEstimationType`` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkphysicaleffortestimationtype).
public enum HKPhysicalEffortEstimationType: Int, Sendable, Hashable {
  /// From an external standard for the activity, such as a stationary bike (1).
  case activityLookup = 1
  /// From the device's motion sensors (2).
  case deviceSensed = 2
}

/// The test a cycling functional threshold power came from, the value of
/// ``HKMetadataKeyCyclingFunctionalThresholdPowerTestType`` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcyclingfunctionalthresholdpowertesttype).
public enum HKCyclingFunctionalThresholdPowerTestType: Int, Sendable, Hashable {
  /// A maximal 60-minute effort (1).
  case maxExercise60Minute = 1
  /// A maximal 20-minute effort (2).
  case maxExercise20Minute = 2
  /// A ramp test to exhaustion (3).
  case rampTest = 3
  /// Predicted from the person's cycling workouts (4).
  case predictionExercise = 4
}

/// The water's salinity for a depth or water-temperature sample, the value of
/// ``HKMetadataKeyWaterSalinity`` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkwatersalinity).
public enum HKWaterSalinity: Int, Sendable, Hashable {
  /// Fresh water (1).
  case freshWater = 1
  /// Salt water (2).
  case saltWater = 2
}

/// The ECG app's algorithm version for an electrocardiogram, the value of
/// ``HKMetadataKeyAppleECGAlgorithmVersion`` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkappleecgalgorithmversion).
public enum HKAppleECGAlgorithmVersion: Int, Sendable, Hashable {
  /// Version 1 (1).
  case version1 = 1
  /// Version 2 (2).
  case version2 = 2
}

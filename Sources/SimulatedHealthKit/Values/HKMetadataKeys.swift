// HealthKit's metadata keys beyond the four a finished workout carries (Values/HKWorkout.swift).
// Raw values as the SDK has them. The store keeps an app's metadata as given (any key, values
// `String`, numbers, `Date`, ``HKQuantity``) and `predicateForObjects(withMetadataKey:)` finds
// it; the keys below change nothing else in the simulation unless their comment says so.

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeySyncIdentifier"`: the app's identifier of an object across devices, a
/// `String`; HealthKit requires ``HKMetadataKeySyncVersion`` with it (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeysyncidentifier). The
/// simulation keeps it as metadata; HealthKit's replacement of an older version with the same
/// identifier is not simulated (docs/healthkit-behaviour.md#workouts-saved-by-the-app).
public let HKMetadataKeySyncIdentifier = "HKMetadataKeySyncIdentifier"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeySyncVersion"`: the version of the object with a
/// ``HKMetadataKeySyncIdentifier``, a number (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeysyncversion).
public let HKMetadataKeySyncVersion = "HKMetadataKeySyncVersion"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKWasUserEntered"`: whether the person entered the value by hand, a `Bool` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeywasuserentered).
public let HKMetadataKeyWasUserEntered = "HKWasUserEntered"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKExternalUUID"`: an identifier from outside HealthKit, a `String` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyexternaluuid).
public let HKMetadataKeyExternalUUID = "HKExternalUUID"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKAverageSpeed"`: a workout's average speed, an ``HKQuantity`` of speed (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyaveragespeed).
public let HKMetadataKeyAverageSpeed = "HKAverageSpeed"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMaximumSpeed"`: a workout's maximum speed, an ``HKQuantity`` of speed (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeymaximumspeed).
public let HKMetadataKeyMaximumSpeed = "HKMaximumSpeed"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKWeatherTemperature"`: the temperature during a workout, an ``HKQuantity`` of
/// temperature (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyweathertemperature).
public let HKMetadataKeyWeatherTemperature = "HKWeatherTemperature"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKWorkoutBrandName"`: the brand of a workout (a class or a video), a `String` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyworkoutbrandname).
public let HKMetadataKeyWorkoutBrandName = "HKWorkoutBrandName"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeyHeartRateMotionContext"`: how active the person was during a heart-rate
/// reading, a number holding an `HKHeartRateMotionContext` raw value (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyheartratemotioncontext).
/// The wrist sensor's generated readings carry no metadata.
public let HKMetadataKeyHeartRateMotionContext = "HKMetadataKeyHeartRateMotionContext"

// HealthKit's metadata keys beyond the four a finished workout carries (Values/HKWorkout.swift).
// Raw values as the SDK has them. The store keeps an app's metadata as given (any key, values
// `String`, numbers, `Date`, ``HKQuantity``) and `predicateForObjects(withMetadataKey:)` finds
// it; the keys below change nothing else in the simulation unless their comment says so.

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeySyncIdentifier"`: the app's identifier of an object across devices, a
/// `String`; HealthKit requires ``HKMetadataKeySyncVersion`` with it (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeysyncidentifier). `save`
/// replaces the app's stored object of the same type and identifier with a lower version, and
/// ignores an object whose version is not greater (docs/healthkit-behaviour.md#sync-identifiers).
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

// The rest of Apple's metadata keys (Apple doc: https://developer.apple.com/documentation/healthkit/metadata-keys),
// in the page's topic order. The stored strings are the SDK's: some are the constant's own name,
// others the name without `MetadataKey` (HealthKit's string table, as Health exports show them),
// and the cycling threshold test's carries Apple's doubled word. The simulation keeps each as
// metadata like any other key; none changes what it generates.

// MARK: General and estimate keys

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeyQuantityClampedToLowerBound"`: whether a quantity sample's value was raised to
/// the lowest value its type allows, a Boolean `NSNumber` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyquantityclampedtolowerbound).
public let HKMetadataKeyQuantityClampedToLowerBound = "HKMetadataKeyQuantityClampedToLowerBound"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeyQuantityClampedToUpperBound"`: whether a quantity sample's value was lowered to
/// the highest value its type allows, a Boolean `NSNumber` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyquantityclampedtoupperbound).
public let HKMetadataKeyQuantityClampedToUpperBound = "HKMetadataKeyQuantityClampedToUpperBound"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKDateOfEarliestDataUsedForEstimate"`: the earliest date of the data an estimated value
/// was computed from, a `Date` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeydateofearliestdatausedforestimate).
public let HKMetadataKeyDateOfEarliestDataUsedForEstimate = "HKDateOfEarliestDataUsedForEstimate"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeySessionEstimate"`: an estimate made over a whole session, an ``HKQuantity``
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkmetadatakeysessionestimate).
public let HKMetadataKeySessionEstimate = "HKMetadataKeySessionEstimate"

// MARK: Device information keys

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKDeviceSerialNumber"`: the serial number of the device that made the data, a `String`
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkmetadatakeydeviceserialnumber).
public let HKMetadataKeyDeviceSerialNumber = "HKDeviceSerialNumber"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKUDIDeviceIdentifier"`: the device identifier part of a device's unique device identifier,
/// a `String`; Apple discourages it since iOS 9 in favour of `HKDevice` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyudideviceidentifier).
public let HKMetadataKeyUDIDeviceIdentifier = "HKUDIDeviceIdentifier"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKUDIProductionIdentifier"`: the production identifier part of a device's unique device
/// identifier; Apple discourages it for privacy (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyudiproductionidentifier).
public let HKMetadataKeyUDIProductionIdentifier = "HKUDIProductionIdentifier"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKDigitalSignature"`: a base64 CMS signature of the data made by a trusted measuring device,
/// a `String` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeydigitalsignature). The
/// simulation does not check it.
public let HKMetadataKeyDigitalSignature = "HKDigitalSignature"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKDeviceName"`: the name of the device that took the reading, a `String`; Apple discourages
/// it since iOS 9 in favour of `HKDevice` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeydevicename).
public let HKMetadataKeyDeviceName = "HKDeviceName"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKDeviceManufacturerName"`: the manufacturer of the device that took the reading, a
/// `String`; Apple discourages it since iOS 9 in favour of `HKDevice` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeydevicemanufacturername).
public let HKMetadataKeyDeviceManufacturerName = "HKDeviceManufacturerName"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeyDevicePlacementSide"`: where the measuring device was worn, an `NSNumber`
/// holding an ``HKDevicePlacementSide`` raw value (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeydeviceplacementside).
public let HKMetadataKeyDevicePlacementSide = "HKMetadataKeyDevicePlacementSide"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeyAppleDeviceCalibrated"`: whether the system had enough calibrated sensor data
/// for the sample, a Boolean `NSNumber`; read-only for apps on a device (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyappledevicecalibrated).
public let HKMetadataKeyAppleDeviceCalibrated = "HKMetadataKeyAppleDeviceCalibrated"

// MARK: Lab keys

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKWasTakenInLab"`: whether a lab took the sample, a Boolean `NSNumber` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeywastakeninlab).
public let HKMetadataKeyWasTakenInLab = "HKWasTakenInLab"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKReferenceRangeLowerLimit"`: the lower limit of a lab result's reference range, an
/// `NSNumber` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyreferencerangelowerlimit).
public let HKMetadataKeyReferenceRangeLowerLimit = "HKReferenceRangeLowerLimit"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKReferenceRangeUpperLimit"`: the upper limit of a lab result's reference range, an
/// `NSNumber` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyreferencerangeupperlimit).
public let HKMetadataKeyReferenceRangeUpperLimit = "HKReferenceRangeUpperLimit"

// MARK: Weather keys

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeyBarometricPressure"`: the barometric pressure around a sample, an
/// ``HKQuantity`` of pressure (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeybarometricpressure).
public let HKMetadataKeyBarometricPressure = "HKMetadataKeyBarometricPressure"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKWeatherCondition"`: the overall weather during a workout, an `NSNumber` holding an
/// ``HKWeatherCondition`` raw value (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyweathercondition).
public let HKMetadataKeyWeatherCondition = "HKWeatherCondition"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKWeatherHumidity"`: the overall humidity during a workout, an ``HKQuantity`` in percent
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkmetadatakeyweatherhumidity).
public let HKMetadataKeyWeatherHumidity = "HKWeatherHumidity"

// MARK: Workout keys

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKGroupFitness"`: whether the workout was part of a group fitness class, a Boolean
/// `NSNumber` (Apple doc: https://developer.apple.com/documentation/healthkit/hkmetadatakeygroupfitness).
public let HKMetadataKeyGroupFitness = "HKGroupFitness"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKCoachedWorkout"`: whether a coach or trainer led the workout, a Boolean `NSNumber`
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkmetadatakeycoachedworkout).
public let HKMetadataKeyCoachedWorkout = "HKCoachedWorkout"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeyAppleFitnessPlusSession"`: whether the workout was an Apple Fitness+
/// session, a Boolean `NSNumber` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyapplefitnessplussession).
public let HKMetadataKeyAppleFitnessPlusSession = "HKMetadataKeyAppleFitnessPlusSession"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKAlpineSlopeGrade"`: the grade of a downhill-skiing run, an ``HKQuantity`` in percent
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkmetadatakeyalpineslopegrade).
public let HKMetadataKeyAlpineSlopeGrade = "HKAlpineSlopeGrade"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKFitnessMachineDuration"`: the duration a fitness machine showed, an ``HKQuantity`` of time
/// (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyfitnessmachineduration).
public let HKMetadataKeyFitnessMachineDuration = "HKFitnessMachineDuration"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKIndoorBikeDistance"`: the distance an indoor bike showed, an ``HKQuantity`` of length
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkmetadatakeyindoorbikedistance).
public let HKMetadataKeyIndoorBikeDistance = "HKIndoorBikeDistance"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKCrossTrainerDistance"`: the distance a cross trainer showed, an ``HKQuantity`` of length
/// (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeycrosstrainerdistance).
public let HKMetadataKeyCrossTrainerDistance = "HKCrossTrainerDistance"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKSWOLFScore"`: a swim's SWOLF score (strokes plus seconds per length), an `NSNumber`
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkmetadatakeyswolfscore).
public let HKMetadataKeySWOLFScore = "HKSWOLFScore"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeyWaterSalinity"`: the water's salinity for a depth or water-temperature
/// sample, an `NSNumber` holding an ``HKWaterSalinity`` raw value (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeywatersalinity).
public let HKMetadataKeyWaterSalinity = "HKMetadataKeyWaterSalinity"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKCyclingCyclingFunctionalThresholdPowerTestType"` (the SDK's string, with its doubled
/// word): the test a cycling functional threshold power came from, an `NSNumber` holding an
/// ``HKCyclingFunctionalThresholdPowerTestType`` raw value (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeycyclingfunctionalthresholdpowertesttype).
public let HKMetadataKeyCyclingFunctionalThresholdPowerTestType =
  "HKCyclingCyclingFunctionalThresholdPowerTestType"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKActivityType"`: the workout activity a physical-effort sample belongs to, an `NSNumber`
/// holding an ``HKWorkoutActivityType`` raw value (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyactivitytype).
public let HKMetadataKeyActivityType = "HKActivityType"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKPhysicalEffortEstimationType"`: how a physical-effort sample was estimated, an `NSNumber`
/// holding an ``HKPhysicalEffortEstimationType`` raw value (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyphysicaleffortestimationtype).
public let HKMetadataKeyPhysicalEffortEstimationType = "HKPhysicalEffortEstimationType"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeyMaximumLightIntensity"`: the brightest light during a time-in-daylight sample,
/// an ``HKQuantity`` in lux (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeymaximumlightintensity).
public let HKMetadataKeyMaximumLightIntensity = "HKMetadataKeyMaximumLightIntensity"

// MARK: Cardio fitness and vitals keys

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKVO2MaxTestType"`: how a VO2max value was measured or predicted, an `NSNumber` holding an
/// ``HKVO2MaxTestType`` raw value (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyvo2maxtesttype).
public let HKMetadataKeyVO2MaxTestType = "HKVO2MaxTestType"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKVO2MaxValue"`: the VO2max a low-cardio-fitness event was raised for, an ``HKQuantity`` in
/// mL/(kg·min) (Apple doc: https://developer.apple.com/documentation/healthkit/hkmetadatakeyvo2maxvalue).
public let HKMetadataKeyVO2MaxValue = "HKVO2MaxValue"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKLowCardioFitnessEventThreshold"`: the VO2max threshold of a low-cardio-fitness event, an
/// ``HKQuantity`` in mL/(kg·min) (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeylowcardiofitnesseventthreshold).
public let HKMetadataKeyLowCardioFitnessEventThreshold = "HKLowCardioFitnessEventThreshold"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKHeartRateEventThreshold"`: the heart rate a high or low heart-rate event was raised at, an
/// ``HKQuantity`` in count/min (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyheartrateeventthreshold).
public let HKMetadataKeyHeartRateEventThreshold = "HKHeartRateEventThreshold"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeyHeartRateRecoveryTestType"`: the test a heart-rate recovery value came from, an
/// `NSNumber` holding an ``HKHeartRateRecoveryTestType`` raw value (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyheartraterecoverytesttype).
public let HKMetadataKeyHeartRateRecoveryTestType = "HKMetadataKeyHeartRateRecoveryTestType"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeyHeartRateRecoveryActivityType"`: the workout activity before a heart-rate
/// recovery, an `NSNumber` holding an ``HKWorkoutActivityType`` raw value (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyheartraterecoveryactivitytype).
public let HKMetadataKeyHeartRateRecoveryActivityType = "HKMetadataKeyHeartRateRecoveryActivityType"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeyHeartRateRecoveryActivityDuration"`: how long the activity before a heart-rate
/// recovery lasted, an ``HKQuantity`` of time (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyheartraterecoveryactivityduration).
public let HKMetadataKeyHeartRateRecoveryActivityDuration =
  "HKMetadataKeyHeartRateRecoveryActivityDuration"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeyHeartRateRecoveryMaxObservedRecoveryHeartRate"`: the highest heart rate seen
/// when a recovery began, an ``HKQuantity`` in count/min (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyheartraterecoverymaxobservedrecoveryheartrate).
public let HKMetadataKeyHeartRateRecoveryMaxObservedRecoveryHeartRate =
  "HKMetadataKeyHeartRateRecoveryMaxObservedRecoveryHeartRate"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeyUserMotionContext"`: whether the person was still or moving during a
/// measurement, an `NSNumber` holding an ``HKUserMotionContext`` raw value (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyusermotioncontext).
public let HKMetadataKeyUserMotionContext = "HKMetadataKeyUserMotionContext"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKBodyTemperatureSensorLocation"`: where a body temperature was taken, an `NSNumber` holding
/// an ``HKBodyTemperatureSensorLocation`` raw value (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeybodytemperaturesensorlocation).
public let HKMetadataKeyBodyTemperatureSensorLocation = "HKBodyTemperatureSensorLocation"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKHeartRateSensorLocation"`: where a heart rate was taken, an `NSNumber` holding an
/// ``HKHeartRateSensorLocation`` raw value (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyheartratesensorlocation). The
/// wrist sensor's generated readings carry no metadata.
public let HKMetadataKeyHeartRateSensorLocation = "HKHeartRateSensorLocation"

// MARK: Nutrition, audio, blood glucose, reproductive health and algorithm keys

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKFoodType"`: the food a food correlation stands for, a `String` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyfoodtype).
public let HKMetadataKeyFoodType = "HKFoodType"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeyAudioExposureLevel"`: the sound level that raised an audio-exposure event, an
/// ``HKQuantity`` in dBASPL (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyaudioexposurelevel).
public let HKMetadataKeyAudioExposureLevel = "HKMetadataKeyAudioExposureLevel"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeyAudioExposureDuration"`: how long the exposure behind an audio-exposure event
/// lasted, an ``HKQuantity`` of time (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyaudioexposureduration).
public let HKMetadataKeyAudioExposureDuration = "HKMetadataKeyAudioExposureDuration"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeyHeadphoneGain"`: the headphones' gain during a headphone audio exposure, an
/// ``HKQuantity`` in decibels (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeyheadphonegain).
public let HKMetadataKeyHeadphoneGain = "HKMetadataKeyHeadphoneGain"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKInsulinDeliveryReason"`: why insulin was delivered, an `NSNumber` holding an
/// ``HKInsulinDeliveryReason`` raw value; HealthKit requires it on insulin-delivery samples
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkmetadatakeyinsulindeliveryreason).
public let HKMetadataKeyInsulinDeliveryReason = "HKInsulinDeliveryReason"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKBloodGlucoseMealTime"`: how a blood-glucose reading relates to a meal, an `NSNumber`
/// holding an ``HKBloodGlucoseMealTime`` raw value (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeybloodglucosemealtime).
public let HKMetadataKeyBloodGlucoseMealTime = "HKBloodGlucoseMealTime"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKSexualActivityProtectionUsed"`: whether protection was used during sexual activity, a
/// Boolean `NSNumber` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeysexualactivityprotectionused).
public let HKMetadataKeySexualActivityProtectionUsed = "HKSexualActivityProtectionUsed"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMenstrualCycleStart"`: whether a menstrual-flow sample starts a cycle, a Boolean
/// `NSNumber`; HealthKit requires it on menstrual-flow samples (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkmetadatakeymenstrualcyclestart).
public let HKMetadataKeyMenstrualCycleStart = "HKMenstrualCycleStart"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKAlgorithmVersion"`: the version of the algorithm that made the sample, an `NSNumber`
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkmetadatakeyalgorithmversion).
public let HKMetadataKeyAlgorithmVersion = "HKAlgorithmVersion"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `"HKMetadataKeyAppleECGAlgorithmVersion"`: the ECG app's algorithm version for an
/// electrocardiogram, an `NSNumber` holding an ``HKAppleECGAlgorithmVersion`` raw value (Apple
/// doc: https://developer.apple.com/documentation/healthkit/hkmetadatakeyappleecgalgorithmversion).
public let HKMetadataKeyAppleECGAlgorithmVersion = "HKMetadataKeyAppleECGAlgorithmVersion"

// The characteristic values HealthKit reads from the person's Health profile, with the SDK's raw
// values (`HKCharacteristicValues.h`), and the objects `HKHealthStore`'s characteristic reads
// return. The values come from the scenario's `athlete` (docs/scenario-format.md#athlete).

/// A person's biological sex, HealthKit's `HKBiologicalSex` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkbiologicalsex).
public enum HKBiologicalSex: Int, Sendable, Hashable, CaseIterable {
  /// Not set, or not readable by the app (0).
  case notSet = 0
  /// Female (1).
  case female = 1
  /// Male (2).
  case male = 2
  /// Other (3).
  case other = 3
}

/// A person's blood type, HealthKit's `HKBloodType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkbloodtype).
public enum HKBloodType: Int, Sendable, Hashable, CaseIterable {
  /// Not set, or not readable by the app (0).
  case notSet = 0
  /// A+ (1).
  case aPositive = 1
  /// A− (2).
  case aNegative = 2
  /// B+ (3).
  case bPositive = 3
  /// B− (4).
  case bNegative = 4
  /// AB+ (5).
  case abPositive = 5
  /// AB− (6).
  case abNegative = 6
  /// O+ (7).
  case oPositive = 7
  /// O− (8).
  case oNegative = 8
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// A person's skin type on the Fitzpatrick scale, HealthKit's `HKFitzpatrickSkinType` (Apple
/// doc: https://developer.apple.com/documentation/healthkit/hkfitzpatrickskintype).
public enum HKFitzpatrickSkinType: Int, Sendable, Hashable, CaseIterable {
  /// Not set, or not readable by the app (0).
  case notSet = 0
  /// Type I: always burns, never tans (1).
  case I = 1
  /// Type II: usually burns, tans little (2).
  case II = 2
  /// Type III: sometimes burns, tans gradually (3).
  case III = 3
  /// Type IV: burns little, tans easily (4).
  case IV = 4
  /// Type V: rarely burns, tans darkly (5).
  case V = 5
  /// Type VI: never burns (6).
  case VI = 6
}

/// Whether a person uses a wheelchair, HealthKit's `HKWheelchairUse` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkwheelchairuse).
public enum HKWheelchairUse: Int, Sendable, Hashable, CaseIterable {
  /// Not set, or not readable by the app (0).
  case notSet = 0
  /// Does not use a wheelchair (1).
  case no = 1
  /// Uses a wheelchair (2).
  case yes = 2
}

/// What the Move ring measures, HealthKit's `HKActivityMoveMode` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkactivitymovemode).
public enum HKActivityMoveMode: Int, Sendable, Hashable, CaseIterable {
  /// Active energy burned (1).
  case activeEnergy = 1
  /// Apple Move Time (2): under 13 always, 13 to 18 by choice.
  case appleMoveTime = 2
}

/// The biological sex ``HKHealthStore/biologicalSex()`` returns, HealthKit's
/// `HKBiologicalSexObject` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkbiologicalsexobject). Equal by value.
public final class HKBiologicalSexObject: NSObject, NSCopying, @unchecked Sendable {
  /// The value.
  public let biologicalSex: HKBiologicalSex

  package init(_ biologicalSex: HKBiologicalSex) {
    self.biologicalSex = biologicalSex
  }

  /// Equal when `object` holds the same value.
  public override func isEqual(_ object: Any?) -> Bool {
    (object as? HKBiologicalSexObject)?.biologicalSex == biologicalSex
  }

  /// A hash of the value.
  public override var hash: Int { biologicalSex.hashValue }

  /// Immutable: the copy is the object itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// The blood type ``HKHealthStore/bloodType()`` returns, HealthKit's `HKBloodTypeObject` (Apple
/// doc: https://developer.apple.com/documentation/healthkit/hkbloodtypeobject). Equal by value.
public final class HKBloodTypeObject: NSObject, NSCopying, @unchecked Sendable {
  /// The value.
  public let bloodType: HKBloodType

  package init(_ bloodType: HKBloodType) {
    self.bloodType = bloodType
  }

  /// Equal when `object` holds the same value.
  public override func isEqual(_ object: Any?) -> Bool {
    (object as? HKBloodTypeObject)?.bloodType == bloodType
  }

  /// A hash of the value.
  public override var hash: Int { bloodType.hashValue }

  /// Immutable: the copy is the object itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// The skin type ``HKHealthStore/fitzpatrickSkinType()`` returns, HealthKit's
/// `HKFitzpatrickSkinTypeObject` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkfitzpatrickskintypeobject). Equal by
/// value.
public final class HKFitzpatrickSkinTypeObject: NSObject, NSCopying, @unchecked Sendable {
  /// The value.
  public let skinType: HKFitzpatrickSkinType

  package init(_ skinType: HKFitzpatrickSkinType) {
    self.skinType = skinType
  }

  /// Equal when `object` holds the same value.
  public override func isEqual(_ object: Any?) -> Bool {
    (object as? HKFitzpatrickSkinTypeObject)?.skinType == skinType
  }

  /// A hash of the value.
  public override var hash: Int { skinType.hashValue }

  /// Immutable: the copy is the object itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// The wheelchair use ``HKHealthStore/wheelchairUse()`` returns, HealthKit's
/// `HKWheelchairUseObject` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkwheelchairuseobject). Equal by value.
public final class HKWheelchairUseObject: NSObject, NSCopying, @unchecked Sendable {
  /// The value.
  public let wheelchairUse: HKWheelchairUse

  package init(_ wheelchairUse: HKWheelchairUse) {
    self.wheelchairUse = wheelchairUse
  }

  /// Equal when `object` holds the same value.
  public override func isEqual(_ object: Any?) -> Bool {
    (object as? HKWheelchairUseObject)?.wheelchairUse == wheelchairUse
  }

  /// A hash of the value.
  public override var hash: Int { wheelchairUse.hashValue }

  /// Immutable: the copy is the object itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// The move mode ``HKHealthStore/activityMoveMode()`` returns, HealthKit's
/// `HKActivityMoveModeObject` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkactivitymovemodeobject). Equal by value.
public final class HKActivityMoveModeObject: NSObject, NSCopying, @unchecked Sendable {
  /// The value.
  public let activityMoveMode: HKActivityMoveMode

  package init(_ activityMoveMode: HKActivityMoveMode) {
    self.activityMoveMode = activityMoveMode
  }

  /// Equal when `object` holds the same value.
  public override func isEqual(_ object: Any?) -> Bool {
    (object as? HKActivityMoveModeObject)?.activityMoveMode == activityMoveMode
  }

  /// A hash of the value.
  public override var hash: Int { activityMoveMode.hashValue }

  /// Immutable: the copy is the object itself.
  public func copy(with zone: NSZone? = nil) -> Any { self }
}

import WorkoutScenario

/// The person's characteristics, read-only, from the scenario's `athlete`
/// (docs/swift-api.md#characteristics): its `age` and `sex`, and the optional `dateOfBirth`,
/// `bloodType`, `skinType`, `wheelchairUse` and `moveMode` (docs/scenario-format.md#athlete).
///
/// HealthKit's authorization for them: an app asks to read them (`requestAuthorization(toShare:
/// read:)`'s `read`; they are not sample types, so they cannot be asked to share). A read never
/// asked for throws ``HKError`` `errorAuthorizationNotDetermined` ("Authorization not
/// determined"); a read the user denied looks like a value never entered, as Apple documents
/// for each method: `notSet`, and for the date of birth no value.
extension HKHealthStore {
  /// The person's date of birth: year, month and day in the Gregorian calendar (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/dateofbirthcomponents()).
  ///
  /// - Returns: the `athlete.dateOfBirth` of the scenario (`calendar` Gregorian, `year`,
  ///   `month`, `day`); a person born 1986-03-30 is 40 on a scenario starting 2026-03-30.
  /// - Throws: ``HKError`` `errorAuthorizationNotDetermined` when reading it was never asked
  ///   for; `errorNoData` ("No date of birth: none is set, or reading it was denied") when the
  ///   scenario gives none or the user denied the read (HealthKit's method returns `nil` then,
  ///   which Swift turns into an error without a domain); after the app's termination, the
  ///   termination.
  public func dateOfBirthComponents() throws -> DateComponents {
    guard try characteristicReadGranted(.dateOfBirth),
      let birth = simulation.scenario.characteristics.dateOfBirth
    else {
      throw HKError(.errorNoData, "No date of birth: none is set, or reading it was denied")
    }
    return DateComponents(
      calendar: Calendar(identifier: .gregorian), year: birth.year, month: birth.month,
      day: birth.day)
  }

  /// The person's biological sex: the `athlete.sex` of the scenario (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/biologicalsex()).
  ///
  /// - Returns: `.female` or `.male`; `.notSet` when the scenario gives no `sex` (the
  ///   physiology still takes its default, female) or the user denied the read.
  /// - Throws: ``HKError`` `errorAuthorizationNotDetermined` when reading it was never asked
  ///   for; after the app's termination, the termination.
  public func biologicalSex() throws -> HKBiologicalSexObject {
    guard try characteristicReadGranted(.biologicalSex),
      let given = simulation.scenario.characteristics.biologicalSex
    else { return HKBiologicalSexObject(.notSet) }
    switch given {
    case .female: return HKBiologicalSexObject(.female)
    case .male: return HKBiologicalSexObject(.male)
    }
  }

  /// The person's blood type: the `athlete.bloodType` of the scenario (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/bloodtype()).
  ///
  /// - Returns: the scenario's blood type; `.notSet` when it gives none or the user denied the
  ///   read.
  /// - Throws: ``HKError`` `errorAuthorizationNotDetermined` when reading it was never asked
  ///   for; after the app's termination, the termination.
  public func bloodType() throws -> HKBloodTypeObject {
    guard try characteristicReadGranted(.bloodType),
      let given = simulation.scenario.characteristics.bloodType
    else { return HKBloodTypeObject(.notSet) }
    let value: HKBloodType =
      switch given {
      case .aPositive: .aPositive
      case .aNegative: .aNegative
      case .bPositive: .bPositive
      case .bNegative: .bNegative
      case .abPositive: .abPositive
      case .abNegative: .abNegative
      case .oPositive: .oPositive
      case .oNegative: .oNegative
      }
    return HKBloodTypeObject(value)
  }

  /// The person's Fitzpatrick skin type: the `athlete.skinType` of the scenario (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/fitzpatrickskintype()).
  ///
  /// - Returns: the scenario's skin type (`"III"` is `.III`); `.notSet` when it gives none or
  ///   the user denied the read.
  /// - Throws: ``HKError`` `errorAuthorizationNotDetermined` when reading it was never asked
  ///   for; after the app's termination, the termination.
  public func fitzpatrickSkinType() throws -> HKFitzpatrickSkinTypeObject {
    guard try characteristicReadGranted(.fitzpatrickSkinType),
      let given = simulation.scenario.characteristics.skinType
    else { return HKFitzpatrickSkinTypeObject(.notSet) }
    let value: HKFitzpatrickSkinType =
      switch given {
      case .typeI: .I
      case .typeII: .II
      case .typeIII: .III
      case .typeIV: .IV
      case .typeV: .V
      case .typeVI: .VI
      }
    return HKFitzpatrickSkinTypeObject(value)
  }

  /// Whether the person uses a wheelchair: the `athlete.wheelchairUse` of the scenario (Apple
  /// doc: https://developer.apple.com/documentation/healthkit/hkhealthstore/wheelchairuse()).
  ///
  /// - Returns: `.yes` for `true`, `.no` for `false`; `.notSet` when the scenario gives none or
  ///   the user denied the read.
  /// - Throws: ``HKError`` `errorAuthorizationNotDetermined` when reading it was never asked
  ///   for; after the app's termination, the termination.
  public func wheelchairUse() throws -> HKWheelchairUseObject {
    guard try characteristicReadGranted(.wheelchairUse),
      let given = simulation.scenario.characteristics.wheelchairUse
    else { return HKWheelchairUseObject(.notSet) }
    return HKWheelchairUseObject(given ? .yes : .no)
  }

  /// What the person's Move ring measures: the `athlete.moveMode` of the scenario, else by age
  /// (move time under 13, active energy from 13; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/activitymovemode()).
  ///
  /// - Returns: the mode; `.activeEnergy` when the user denied the read (the enumeration has no
  ///   `notSet`; workout-sim's choice, Apple documents no value for this case).
  /// - Throws: ``HKError`` `errorAuthorizationNotDetermined` when reading it was never asked
  ///   for; after the app's termination, the termination.
  public func activityMoveMode() throws -> HKActivityMoveModeObject {
    guard try characteristicReadGranted(.activityMoveMode) else {
      return HKActivityMoveModeObject(.activeEnergy)
    }
    let scenario = simulation.scenario
    switch scenario.characteristics.moveMode(age: scenario.athlete.age) {
    case .activeEnergy: return HKActivityMoveModeObject(.activeEnergy)
    case .appleMoveTime: return HKActivityMoveModeObject(.appleMoveTime)
    }
  }

  /// Whether reading the characteristic was granted (`false`: denied).
  ///
  /// - Throws: `errorAuthorizationNotDetermined` when it was never asked for; the termination
  ///   after the app's.
  private func characteristicReadGranted(_ identifier: HKCharacteristicTypeIdentifier) throws
    -> Bool
  {
    let (terminated, granted) = simulation.state.withLock {
      ($0.terminated, $0.authorization.readGranted(identifier.rawValue))
    }
    if terminated != nil { throw inertError() }
    guard let granted else { throw notDeterminedError }
    return granted
  }
}

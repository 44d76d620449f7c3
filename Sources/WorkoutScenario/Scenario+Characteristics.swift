import Foundation
import WorkoutPhysiology

extension Scenario {
  /// The person's characteristics HealthKit keeps beside the athlete's age, from the optional
  /// `athlete` keys `sex`, `dateOfBirth`, `bloodType`, `skinType`, `wheelchairUse` and
  /// `moveMode` (docs/scenario-format.md#athlete). SimulatedHealthKit's `HKHealthStore` reads
  /// them (`dateOfBirthComponents()`, `bloodType()`, ...); a key left out is a characteristic
  /// the person never entered (HealthKit's `notSet`), except the move mode, which follows the
  /// age.
  public struct Characteristics: Sendable, Equatable {
    /// A calendar date of the Gregorian calendar (`"1986-03-30"`), with no time or zone.
    public struct BirthDate: Sendable, Equatable {
      /// The year (`1986`).
      public var year: Int
      /// The month, 1 to 12.
      public var month: Int
      /// The day of the month, 1 to 31.
      public var day: Int

      /// A date; the caller checks that it exists (the decoder does).
      public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
      }

      /// The date as written in a scenario, `YYYY-MM-DD`.
      public var text: String {
        func pad(_ value: Int, _ width: Int) -> String {
          let digits = String(value)
          return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
      }

      /// The completed years of a person born on this date on the local calendar date
      /// `year`-`month`-`day`: the year difference, less one before the birthday (a 29 February
      /// birthday falls on 1 March in other years).
      public func age(onYear year: Int, month: Int, day: Int) -> Int {
        let before = (month, day) < (self.month, self.day)
        return year - self.year - (before ? 1 : 0)
      }
    }

    /// A blood type by HealthKit's `HKBloodType` case names.
    public enum BloodType: String, Sendable, Equatable, CaseIterable {
      /// A+.
      case aPositive
      /// A−.
      case aNegative
      /// B+.
      case bPositive
      /// B−.
      case bNegative
      /// AB+.
      case abPositive
      /// AB−.
      case abNegative
      /// O+.
      case oPositive
      /// O−.
      case oNegative
    }

    /// A Fitzpatrick skin type, I (always burns) to VI (never burns), written `"I"` … `"VI"` as
    /// HealthKit's `HKFitzpatrickSkinType` cases are named.
    public enum SkinType: String, Sendable, Equatable, CaseIterable {
      /// Type I.
      case typeI = "I"
      /// Type II.
      case typeII = "II"
      /// Type III.
      case typeIII = "III"
      /// Type IV.
      case typeIV = "IV"
      /// Type V.
      case typeV = "V"
      /// Type VI.
      case typeVI = "VI"
    }

    /// What the Move ring measures, by HealthKit's `HKActivityMoveMode` case names.
    public enum MoveMode: String, Sendable, Equatable, CaseIterable {
      /// Active energy (every adult).
      case activeEnergy
      /// Move time (under 13 always; 13 to 18 by choice).
      case appleMoveTime
    }

    /// `sex` as the scenario gives it, or `nil` when it leaves it out: HealthKit's `notSet`. The
    /// physiology still needs a sex and takes the athlete's default, female (``Athlete/sex``).
    public var biologicalSex: BiologicalSex?
    /// `dateOfBirth`, or `nil` when the person never entered one.
    public var dateOfBirth: BirthDate?
    /// `bloodType`, or `nil` (not set).
    public var bloodType: BloodType?
    /// `skinType`, or `nil` (not set).
    public var skinType: SkinType?
    /// `wheelchairUse`: `true` when the person uses a wheelchair, `false` when not, `nil` not
    /// set.
    public var wheelchairUse: Bool?
    /// `moveMode` as given, or `nil`: then ``moveMode(age:)`` follows the age.
    public var moveMode: MoveMode?

    /// Characteristics with the given values; all `nil` by default.
    public init(
      biologicalSex: BiologicalSex? = nil, dateOfBirth: BirthDate? = nil,
      bloodType: BloodType? = nil, skinType: SkinType? = nil, wheelchairUse: Bool? = nil,
      moveMode: MoveMode? = nil
    ) {
      self.biologicalSex = biologicalSex
      self.dateOfBirth = dateOfBirth
      self.bloodType = bloodType
      self.skinType = skinType
      self.wheelchairUse = wheelchairUse
      self.moveMode = moveMode
    }

    /// The move mode of a person of `age` years: ``moveMode`` when given, else move time under
    /// 13 and active energy from 13 on (HealthKit tracks move time for people under 13, lets 13
    /// to 18 choose and counts active energy from 19; Apple doc:
    /// https://developer.apple.com/documentation/healthkit/hkactivitymovemode).
    public func moveMode(age: Double) -> MoveMode {
      moveMode ?? (age < 13 ? .appleMoveTime : .activeEnergy)
    }
  }
}

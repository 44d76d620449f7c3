import WorkoutCore

extension HealthPlan {
  /// The log statuses a planned dose may have, in HealthKit's raw-value order (1 to 6:
  /// `HKMedicationDoseEvent.LogStatus`).
  public static let doseStatuses = [
    "notInteracted", "notificationNotSent", "snoozed", "taken", "skipped", "notLogged",
  ]

  /// The manufactured forms a medication may have (`HKMedicationGeneralForm`, the SDK header's
  /// 18, as their Swift names).
  public static let medicationForms = [
    "capsule", "cream", "device", "drops", "foam", "gel", "inhaler", "injection", "liquid",
    "lotion", "ointment", "patch", "powder", "spray", "suppository", "tablet", "topical",
    "unknown",
  ]

  /// One coding of a medication in a standard system (`codings[k]`; HealthKit's
  /// `HKClinicalCoding`).
  public struct Coding: Sendable, Equatable {
    /// `system`: the coding system, usually its URL.
    public var system: String
    /// `version`, or `nil`.
    public var version: String?
    /// `code`.
    public var code: String

    /// A coding.
    public init(system: String, version: String? = nil, code: String) {
      self.system = system
      self.version = version
      self.code = code
    }
  }

  /// One medication the person tracks in the Health app (`health.medications[i]`;
  /// docs/scenario-format.md#health).
  public struct Medication: Sendable, Equatable {
    /// `identifier`: the concept's code, unique in the plan.
    public var identifier: String
    /// `name`: the display text.
    public var name: String
    /// `nickname`, or `nil`.
    public var nickname: String?
    /// `archived`; default `false`.
    public var isArchived: Bool
    /// `scheduled`: whether it has a reminder schedule; default `false`.
    public var hasSchedule: Bool
    /// `form`: one of ``HealthPlan/medicationForms``, or `nil` (unknown).
    public var form: String?
    /// `codings`, in file order.
    public var codings: [Coding]
    /// `doses`, in file order.
    public var doses: [Dose]

    /// A medication without doses unless given.
    public init(
      identifier: String, name: String, nickname: String? = nil, isArchived: Bool = false,
      hasSchedule: Bool = false, form: String? = nil, codings: [Coding] = [],
      doses: [Dose] = []
    ) {
      self.identifier = identifier
      self.name = name
      self.nickname = nickname
      self.isArchived = isArchived
      self.hasSchedule = hasSchedule
      self.form = form
      self.codings = codings
      self.doses = doses
    }
  }

  /// One logged dose (`doses[j]`).
  public struct Dose: Sendable, Equatable {
    /// `at`: when it was logged.
    public var at: SimulationInstant
    /// `status`: one of ``HealthPlan/doseStatuses``.
    public var status: String
    /// `scheduledAt`: when it was scheduled; `nil` for an as-needed dose.
    public var scheduledAt: SimulationInstant?
    /// `quantity`: the amount taken, or `nil`.
    public var quantity: Double?
    /// `scheduledQuantity`: the amount scheduled, or `nil`.
    public var scheduledQuantity: Double?

    /// A dose.
    public init(
      at: SimulationInstant, status: String, scheduledAt: SimulationInstant? = nil,
      quantity: Double? = nil, scheduledQuantity: Double? = nil
    ) {
      self.at = at
      self.status = status
      self.scheduledAt = scheduledAt
      self.quantity = quantity
      self.scheduledQuantity = scheduledQuantity
    }
  }
}

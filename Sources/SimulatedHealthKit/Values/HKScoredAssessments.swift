import WorkoutHealth

/// The identifier of a scored assessment type, HealthKit's `HKScoredAssessmentTypeIdentifier`
/// (Apple doc: https://developer.apple.com/documentation/healthkit/hkscoredassessmenttypeidentifier);
/// iOS 18.
public struct HKScoredAssessmentTypeIdentifier: RawRepresentable, Hashable, Sendable {
  /// The raw identifier (`"HKScoredAssessmentTypeIdentifierGAD7"`).
  public let rawValue: String

  /// The identifier of `rawValue`; any string (HealthKit's identifiers are open).
  public init(rawValue: String) { self.rawValue = rawValue }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// GAD-7, the generalized anxiety disorder questionnaire of seven questions
  /// (`"HKScoredAssessmentTypeIdentifierGAD7"`; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkscoredassessmenttypeidentifier/gad7).
  public static let GAD7 = Self(rawValue: "HKScoredAssessmentTypeIdentifierGAD7")

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// PHQ-9, the patient health questionnaire of nine questions
  /// (`"HKScoredAssessmentTypeIdentifierPHQ9"`; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkscoredassessmenttypeidentifier/phq9).
  public static let PHQ9 = Self(rawValue: "HKScoredAssessmentTypeIdentifierPHQ9")
}

/// The type of a scored assessment, HealthKit's `HKScoredAssessmentType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkscoredassessmenttype); iOS 18. Asked
/// for like any sample type.
public final class HKScoredAssessmentType: HKSampleType, @unchecked Sendable {
  /// The type of `identifier` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkscoredassessmenttype/init(_:)).
  ///
  /// Traps with "HKScoredAssessmentType: unknown identifier <raw value>" for another
  /// identifier, as the other types' initializers do.
  public convenience init(_ identifier: HKScoredAssessmentTypeIdentifier) {
    guard HealthTypeCatalog.entry(identifier.rawValue)?.kind == .scoredAssessment else {
      preconditionFailure("HKScoredAssessmentType: unknown identifier \(identifier.rawValue)")
    }
    self.init(identifier: identifier.rawValue)
  }
}

extension HKObjectType {
  /// The scored assessment type of `identifier`, or `nil` for an unknown identifier
  /// (HealthKit's `scoredAssessmentTypeForIdentifier:`; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkobjecttype/scoredassessmenttype(foridentifier:)).
  public class func scoredAssessmentType(
    forIdentifier identifier: HKScoredAssessmentTypeIdentifier
  ) -> HKScoredAssessmentType? {
    guard HealthTypeCatalog.entry(identifier.rawValue)?.kind == .scoredAssessment else {
      return nil
    }
    return HKScoredAssessmentType(identifier: identifier.rawValue)
  }
}

/// The result of a scored questionnaire, HealthKit's abstract `HKScoredAssessment` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkscoredassessment); iOS 18. A point
/// sample at the date it was taken; its subclasses are ``HKGAD7Assessment`` and
/// ``HKPHQ9Assessment``.
///
/// Saved with `HKHealthStore.save(_:)` (sharing its type asked for), found by sample, anchored
/// and observer queries of its type, deleted with `delete(_:)`.
public class HKScoredAssessment: HKSample, @unchecked Sendable {
  /// The sum of the answers' points (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkscoredassessment/score).
  public let score: Int
  /// The answers' raw values, in question order (each subclass reads them as its `Answer`).
  let rawAnswers: [Int]

  init(
    type: HKScoredAssessmentType, date: Date, rawAnswers: [Int], score: Int,
    metadata: [String: Any]?
  ) {
    self.score = score
    self.rawAnswers = rawAnswers
    super.init(
      sampleType: type, startDate: date, endDate: date, uuid: UUID(),
      metadata: metadata?.isEmpty == true ? nil : metadata, device: nil,
      sourceRevision: HKSourceRevision(source: .default(), version: nil))
  }

  /// Writes the sample's fields, the score and the answers.
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(score, forKey: "score")
    coder.encode(rawAnswers.map { $0 as NSNumber } as NSArray, forKey: "answers")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` without answers.
  public required init?(coder: NSCoder) {
    guard
      let numbers = coder.decodeObject(of: [NSArray.self, NSNumber.self], forKey: "answers")
        as? [NSNumber]
    else { return nil }
    self.score = coder.decodeInteger(forKey: "score")
    self.rawAnswers = numbers.map(\.intValue)
    super.init(coder: coder)
  }
}

/// A GAD-7 anxiety questionnaire's result, HealthKit's `HKGAD7Assessment` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkgad7assessment); iOS 18. Seven
/// answers of 0 to 3 points; the score is their sum (0 to 21) and gives the risk.
public final class HKGAD7Assessment: HKScoredAssessment, @unchecked Sendable {
  /// An answer, HealthKit's `HKGAD7Assessment.Answer` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkgad7assessment/answer); the raw
  /// value is its points.
  public enum Answer: Int, Sendable, Hashable, CaseIterable {
    /// 0.
    case notAtAll = 0
    /// 1.
    case severalDays = 1
    /// 2.
    case moreThanHalfTheDays = 2
    /// 3.
    case nearlyEveryDay = 3
  }

  /// The anxiety risk of a score, HealthKit's `HKGAD7Assessment.Risk` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkgad7assessment/risk-swift.enum).
  /// The bands are the questionnaire's published ones (Spitzer et al. 2006): 0–4, 5–9, 10–14,
  /// 15–21.
  public enum Risk: Int, Sendable, Hashable, CaseIterable {
    /// Scores 0 to 4 (1).
    case noneToMinimal = 1
    /// Scores 5 to 9 (2).
    case mild = 2
    /// Scores 10 to 14 (3).
    case moderate = 3
    /// Scores 15 to 21 (4).
    case severe = 4

    /// The band of `score`.
    init(score: Int) {
      switch score {
      case ..<5: self = .noneToMinimal
      case 5..<10: self = .mild
      case 10..<15: self = .moderate
      default: self = .severe
      }
    }
  }

  /// The seven answers, in question order (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkgad7assessment/answers-1zj1).
  public var answers: [Answer] { rawAnswers.compactMap(Answer.init(rawValue:)) }

  /// The risk of the score (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkgad7assessment/risk-swift.property).
  public var risk: Risk { Risk(score: score) }

  /// An assessment taken at `date` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkgad7assessment/init(date:answers:metadata:)).
  ///
  /// Traps with "HKGAD7Assessment: there must be exactly 7 answers (got <n>)" for another
  /// number of answers (the SDK header requires 7; the words are workout-sim's).
  public init(date: Date, answers: [Answer], metadata: [String: Any]? = [:]) {
    precondition(
      answers.count == 7, "HKGAD7Assessment: there must be exactly 7 answers (got \(answers.count))"
    )
    super.init(
      type: HKScoredAssessmentType(.GAD7), date: date, rawAnswers: answers.map(\.rawValue),
      score: answers.reduce(0) { $0 + $1.rawValue }, metadata: metadata)
  }

  /// Reads what `encode(with:)` wrote; `nil` without 7 answers of 0 to 3.
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    guard rawAnswers.count == 7, rawAnswers.allSatisfy({ (0...3).contains($0) }) else {
      return nil
    }
  }
}

/// A PHQ-9 depression questionnaire's result, HealthKit's `HKPHQ9Assessment` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkphq9assessment); iOS 18. Nine
/// answers of 0 to 3 points (the ninth may be ``Answer/preferNotToAnswer``, 0 points by
/// workout-sim's rule); the score is their sum (0 to 27) and gives the risk.
public final class HKPHQ9Assessment: HKScoredAssessment, @unchecked Sendable {
  /// An answer, HealthKit's `HKPHQ9Assessment.Answer` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkphq9assessment/answer).
  public enum Answer: Int, Sendable, Hashable, CaseIterable {
    /// 0 points (0).
    case notAtAll = 0
    /// 1 point (1).
    case severalDays = 1
    /// 2 points (2).
    case moreThanHalfTheDays = 2
    /// 3 points (3).
    case nearlyEveryDay = 3
    /// The ninth question left unanswered (4); 0 points.
    case preferNotToAnswer = 4

    /// The answer's points.
    var points: Int { self == .preferNotToAnswer ? 0 : rawValue }
  }

  /// The depression risk of a score, HealthKit's `HKPHQ9Assessment.Risk` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkphq9assessment/risk-swift.enum).
  /// The bands are the questionnaire's published ones (Kroenke et al. 2001): 0–4, 5–9, 10–14,
  /// 15–19, 20–27.
  public enum Risk: Int, Sendable, Hashable, CaseIterable {
    /// Scores 0 to 4 (1).
    case noneToMinimal = 1
    /// Scores 5 to 9 (2).
    case mild = 2
    /// Scores 10 to 14 (3).
    case moderate = 3
    /// Scores 15 to 19 (4).
    case moderatelySevere = 4
    /// Scores 20 to 27 (5).
    case severe = 5

    /// The band of `score`.
    init(score: Int) {
      switch score {
      case ..<5: self = .noneToMinimal
      case 5..<10: self = .mild
      case 10..<15: self = .moderate
      case 15..<20: self = .moderatelySevere
      default: self = .severe
      }
    }
  }

  /// The nine answers, in question order (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkphq9assessment/answers-4y95e).
  public var answers: [Answer] { rawAnswers.compactMap(Answer.init(rawValue:)) }

  /// The risk of the score (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkphq9assessment/risk-swift.property).
  public var risk: Risk { Risk(score: score) }

  /// An assessment taken at `date` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkphq9assessment/init(date:answers:metadata:)).
  ///
  /// Traps with "HKPHQ9Assessment: there must be exactly 9 answers (got <n>)" for another
  /// number of answers, and with "HKPHQ9Assessment: only question 9 may be
  /// preferNotToAnswer" when another question is (the SDK header's rules; the words are
  /// workout-sim's).
  public init(date: Date, answers: [Answer], metadata: [String: Any]? = [:]) {
    precondition(
      answers.count == 9, "HKPHQ9Assessment: there must be exactly 9 answers (got \(answers.count))"
    )
    precondition(
      !answers.dropLast().contains(.preferNotToAnswer),
      "HKPHQ9Assessment: only question 9 may be preferNotToAnswer")
    super.init(
      type: HKScoredAssessmentType(.PHQ9), date: date, rawAnswers: answers.map(\.rawValue),
      score: answers.reduce(0) { $0 + $1.points }, metadata: metadata)
  }

  /// Reads what `encode(with:)` wrote; `nil` without 9 answers of 0 to 4.
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    guard rawAnswers.count == 9, rawAnswers.allSatisfy({ (0...4).contains($0) }) else {
      return nil
    }
  }
}

extension HKSamplePredicate where Sample == HKGAD7Assessment {
  /// GAD-7 assessments matching `predicate`, for ``HKSampleQueryDescriptor`` and the other
  /// descriptors (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksamplepredicate/gad7assessment(_:)).
  public static func gad7Assessment(_ predicate: NSPredicate? = nil)
    -> HKSamplePredicate<HKGAD7Assessment>
  {
    HKSamplePredicate(sampleType: HKScoredAssessmentType(.GAD7), predicate: predicate)
  }
}

extension HKSamplePredicate where Sample == HKPHQ9Assessment {
  /// PHQ-9 assessments matching `predicate`, for ``HKSampleQueryDescriptor`` and the other
  /// descriptors (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksamplepredicate/phq9assessment(_:)).
  public static func phq9Assessment(_ predicate: NSPredicate? = nil)
    -> HKSamplePredicate<HKPHQ9Assessment>
  {
    HKSamplePredicate(sampleType: HKScoredAssessmentType(.PHQ9), predicate: predicate)
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The state of mind type's identifier, `"HKDataTypeStateOfMind"`; iOS 18 (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkdatatypeidentifierstateofmind).
public let HKDataTypeIdentifierStateOfMind = "HKDataTypeStateOfMind"

/// The type of states of mind, HealthKit's `HKStateOfMindType` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkstateofmindtype); identifier
/// ``HKDataTypeIdentifierStateOfMind``. Asked for like any sample type.
public final class HKStateOfMindType: HKSampleType, @unchecked Sendable {
  convenience init() { self.init(identifier: HKDataTypeIdentifierStateOfMind) }
}

extension HKObjectType {
  /// The state of mind type (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkobjecttype/stateofmindtype()).
  public class func stateOfMindType() -> HKStateOfMindType { HKStateOfMindType() }
}

/// A feeling the person logged, HealthKit's `HKStateOfMind` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkstateofmind): a momentary emotion or
/// a daily mood with its valence (-1 very unpleasant to 1 very pleasant), labels and the
/// parts of life it is associated with. A point sample: it starts and ends at its date.
///
/// Saved with `HKHealthStore.save(_:)` (sharing ``HKObjectType/stateOfMindType()`` asked
/// for), read back by an ``HKSampleQuery`` of that type with the helpers
/// `HKQuery.predicateForStatesOfMind(...)`, deleted with `delete(_:)`.
public final class HKStateOfMind: HKSample, @unchecked Sendable {
  /// Whether a state of mind is a momentary emotion or a daily mood, HealthKit's
  /// `HKStateOfMind.Kind` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkstateofmind/kind-swift.enum).
  public enum Kind: Int, Sendable, Hashable, CaseIterable {
    /// How the person feels at a moment (1).
    case momentaryEmotion = 1
    /// How the person felt over the day (2).
    case dailyMood = 2
  }

  /// A valence in seven steps, HealthKit's `HKStateOfMind.ValenceClassification` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkstateofmind/valenceclassification-swift.enum).
  public enum ValenceClassification: Int, Sendable, Hashable, CaseIterable {
    /// 1.
    case veryUnpleasant = 1
    /// 2.
    case unpleasant = 2
    /// 3.
    case slightlyUnpleasant = 3
    /// 4.
    case neutral = 4
    /// 5.
    case slightlyPleasant = 5
    /// 6.
    case pleasant = 6
    /// 7.
    case veryPleasant = 7

    /// The classification of `valence`, or `nil` outside -1...1 (Apple doc:
    /// https://developer.apple.com/documentation/healthkit/hkstateofmind/valenceclassification-swift.enum/init(valence:)).
    /// Apple does not publish the bounds: workout-sim cuts -1...1 into seven equal steps of
    /// 2/7, so -1 ..< -5/7 is very unpleasant, -1/7 ... 1/7 neutral and 5/7 ... 1 very
    /// pleasant (a value on a bound goes to the step nearer 0).
    public init?(valence: Double) {
      guard (-1.0...1.0).contains(valence) else { return nil }
      // Steps from the centre: 0 for |v| <= 1/7, 1 up to 3/7, 2 up to 5/7, 3 beyond.
      let magnitude = abs(valence) * 7
      let steps = magnitude <= 1 ? 0 : magnitude <= 3 ? 1 : magnitude <= 5 ? 2 : 3
      self.init(rawValue: valence < 0 ? 4 - steps : 4 + steps)
    }
  }

  /// A word for the feeling, HealthKit's `HKStateOfMind.Label` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkstateofmind/label), with the
  /// SDK header's raw values.
  public enum Label: Int, Sendable, Hashable, CaseIterable {
    /// 1.
    case amazed = 1
    /// 2.
    case amused = 2
    /// 3.
    case angry = 3
    /// 4.
    case anxious = 4
    /// 5.
    case ashamed = 5
    /// 6.
    case brave = 6
    /// 7.
    case calm = 7
    /// 8.
    case content = 8
    /// 9.
    case disappointed = 9
    /// 10.
    case discouraged = 10
    /// 11.
    case disgusted = 11
    /// 12.
    case embarrassed = 12
    /// 13.
    case excited = 13
    /// 14.
    case frustrated = 14
    /// 15.
    case grateful = 15
    /// 16.
    case guilty = 16
    /// 17.
    case happy = 17
    /// 18.
    case hopeless = 18
    /// 19.
    case irritated = 19
    /// 20.
    case jealous = 20
    /// 21.
    case joyful = 21
    /// 22.
    case lonely = 22
    /// 23.
    case passionate = 23
    /// 24.
    case peaceful = 24
    /// 25.
    case proud = 25
    /// 26.
    case relieved = 26
    /// 27.
    case sad = 27
    /// 28.
    case scared = 28
    /// 29.
    case stressed = 29
    /// 30.
    case surprised = 30
    /// 31.
    case worried = 31
    /// 32.
    case annoyed = 32
    /// 33.
    case confident = 33
    /// 34.
    case drained = 34
    /// 35.
    case hopeful = 35
    /// 36.
    case indifferent = 36
    /// 37.
    case overwhelmed = 37
    /// 38.
    case satisfied = 38
  }

  /// A part of life the feeling is associated with, HealthKit's `HKStateOfMind.Association`
  /// (Apple doc: https://developer.apple.com/documentation/healthkit/hkstateofmind/association),
  /// with the SDK header's raw values.
  public enum Association: Int, Sendable, Hashable, CaseIterable {
    /// 1.
    case community = 1
    /// 2.
    case currentEvents = 2
    /// 3.
    case dating = 3
    /// 4.
    case education = 4
    /// 5.
    case family = 5
    /// 6.
    case fitness = 6
    /// 7.
    case friends = 7
    /// 8.
    case health = 8
    /// 9.
    case hobbies = 9
    /// 10.
    case identity = 10
    /// 11.
    case money = 11
    /// 12.
    case partner = 12
    /// 13.
    case selfCare = 13
    /// 14.
    case spirituality = 14
    /// 15.
    case tasks = 15
    /// 16.
    case travel = 16
    /// 17.
    case work = 17
    /// 18.
    case weather = 18
  }

  /// Momentary emotion or daily mood (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkstateofmind/kind-swift.property).
  public let kind: Kind
  /// How pleasant the feeling was, -1 (very unpleasant) to 1 (very pleasant) (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkstateofmind/valence).
  public let valence: Double
  /// The feeling's words (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkstateofmind/labels-994n4).
  public let labels: [Label]
  /// The parts of life it is associated with (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkstateofmind/associations-7gwps).
  public let associations: [Association]

  /// ``valence`` in seven steps (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkstateofmind/valenceclassification-swift.property).
  public var valenceClassification: ValenceClassification {
    // The initializer takes only valences in -1...1.
    ValenceClassification(valence: valence)!
  }

  /// A state of mind logged at `date` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkstateofmind/init(date:kind:valence:labels:associations:metadata:)).
  ///
  /// Traps with "HKStateOfMind: valence must be between -1.0 and 1.0" for another valence
  /// (workout-sim's words; Apple documents the range, not the failure).
  public init(
    date: Date, kind: Kind, valence: Double, labels: [Label], associations: [Association],
    metadata: [String: Any]? = [:]
  ) {
    precondition(
      (-1.0...1.0).contains(valence), "HKStateOfMind: valence must be between -1.0 and 1.0")
    self.kind = kind
    self.valence = valence
    self.labels = labels
    self.associations = associations
    super.init(
      sampleType: HKStateOfMindType(), startDate: date, endDate: date, uuid: UUID(),
      metadata: metadata?.isEmpty == true ? nil : metadata, device: nil,
      sourceRevision: HKSourceRevision(source: .default(), version: nil))
  }

  /// Writes the sample's fields, the kind, valence, labels and associations.
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(kind.rawValue, forKey: "kind")
    coder.encode(valence, forKey: "valence")
    coder.encode(labels.map { $0.rawValue as NSNumber } as NSArray, forKey: "labels")
    coder.encode(associations.map { $0.rawValue as NSNumber } as NSArray, forKey: "associations")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` for an unknown kind or a valence out of range.
  public required init?(coder: NSCoder) {
    let valence = coder.decodeDouble(forKey: "valence")
    guard let kind = Kind(rawValue: coder.decodeInteger(forKey: "kind")),
      (-1.0...1.0).contains(valence),
      let labels = coder.decodeObject(of: [NSArray.self, NSNumber.self], forKey: "labels")
        as? [NSNumber],
      let associations = coder.decodeObject(
        of: [NSArray.self, NSNumber.self], forKey: "associations") as? [NSNumber]
    else { return nil }
    self.kind = kind
    self.valence = valence
    self.labels = labels.compactMap { Label(rawValue: $0.intValue) }
    self.associations = associations.compactMap { Association(rawValue: $0.intValue) }
    super.init(coder: coder)
  }
}

extension HKQuery {
  /// States of mind whose valence compares to `valence` with `operatorType` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforstatesofmind(withvalence:operatortype:)).
  public class func predicateForStatesOfMind(
    withValence valence: Double, operatorType: HKPredicateOperator
  ) -> NSPredicate {
    HKPredicate(.stateOfMind(.valence(operatorType, valence)))
  }

  /// States of mind of `kind` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery, Objective-C
  /// `predicateForStatesOfMindWithKind:`).
  public class func predicateForStatesOfMind(with kind: HKStateOfMind.Kind) -> NSPredicate {
    HKPredicate(.stateOfMind(.kind(kind)))
  }

  /// States of mind with `label` among their labels (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery, Objective-C
  /// `predicateForStatesOfMindWithLabel:`).
  public class func predicateForStatesOfMind(with label: HKStateOfMind.Label) -> NSPredicate {
    HKPredicate(.stateOfMind(.label(label)))
  }

  /// States of mind with `association` among their associations (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforstatesofmind(with:)-9fny6).
  public class func predicateForStatesOfMind(with association: HKStateOfMind.Association)
    -> NSPredicate
  {
    HKPredicate(.stateOfMind(.association(association)))
  }
}

/// What a state-of-mind predicate matches.
enum StateOfMindFilter: Hashable {
  case valence(HKPredicateOperator, Double)
  case kind(HKStateOfMind.Kind)
  case label(HKStateOfMind.Label)
  case association(HKStateOfMind.Association)

  /// Whether `mind` matches.
  func matches(_ mind: HKStateOfMind) -> Bool {
    switch self {
    case .kind(let kind): return mind.kind == kind
    case .label(let label): return mind.labels.contains(label)
    case .association(let association): return mind.associations.contains(association)
    case .valence(let comparison, let value):
      switch comparison {
      case .lessThan: return mind.valence < value
      case .lessThanOrEqualTo: return mind.valence <= value
      case .greaterThan: return mind.valence > value
      case .greaterThanOrEqualTo: return mind.valence >= value
      case .equalTo: return mind.valence == value
      case .notEqualTo: return mind.valence != value
      }
    }
  }
}

extension HKSamplePredicate where Sample == HKStateOfMind {
  /// States of mind matching `predicate`, for ``HKSampleQueryDescriptor`` and the other
  /// descriptors (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hksamplepredicate/stateofmind(_:)).
  public static func stateOfMind(_ predicate: NSPredicate? = nil)
    -> HKSamplePredicate<HKStateOfMind>
  {
    HKSamplePredicate(sampleType: HKObjectType.stateOfMindType(), predicate: predicate)
  }
}

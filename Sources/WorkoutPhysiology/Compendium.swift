import WorkoutCore

/// A constant MET value for activities without a course model, from the 2011 Compendium of
/// Physical Activities (Ainsworth B.E. et al., Med Sci Sports Exerc 43(8):1575–1581,
/// doi:10.1249/MSS.0b013e31821ece12; lists at https://pacompendium.com ;
/// docs/models.md#other-activities-compendium, the whole table in docs/activity-types.md).
public struct CompendiumActivity: Sendable, Equatable {
  /// The Compendium's five-digit code, for example `"02150"`.
  public let code: String
  /// The Compendium's description of the activity.
  public let activity: String
  /// Gross METs (multiples of 3.5 mL·kg⁻¹·min⁻¹).
  public let mets: Double

  /// Creates an entry.
  public init(code: String, activity: String, mets: Double) {
    self.code = code
    self.activity = activity
    self.mets = mets
  }

  /// The Compendium entry workout-sim uses for `activity`, or `nil` when the activity has a
  /// motion model (running, walking, hiking, cycling, and `transition` and `swimBikeRun` on
  /// foot; rowing, `stairs` and `stairClimbing`, cross-country skiing and swimming, whose energy
  /// follows the course: ``RowingModel``, ``StairModel``, ``CrossCountrySkiingModel``,
  /// ``SwimmingModel/netVO2(metresPerSecond:)``). Every other
  /// activity has one (docs/activity-types.md lists them with their codes).
  public static func entry(for activity: WorkoutActivityType) -> CompendiumActivity? {
    table[activity.index]
  }

  /// Net VO2 `(MET − 1) × 3.5` in mL·kg⁻¹·min⁻¹.
  public var netVO2: Double { Self.netVO2(mets: mets) }

  /// Net VO2 `(MET − 1) × 3.5` in mL·kg⁻¹·min⁻¹ of `mets` gross METs: the one conversion of an
  /// entry's MET and of a course segment's own (``CourseSegment/mets``). Worked value: 12 MET is
  /// 11 × 3.5 = 38.5 mL·kg⁻¹·min⁻¹.
  public static func netVO2(mets: Double) -> Double { (mets - 1) * Metabolism.restingVO2 }

  /// The net VO2 of `activity`'s entry (0 without one), read from a table by index: the body
  /// asks for it per sample.
  static func netVO2(of activity: WorkoutActivityType) -> Double {
    netVO2Table[activity.index]
  }

  private static let table: [CompendiumActivity?] = {
    var table = [CompendiumActivity?](repeating: nil, count: WorkoutActivityType.indexCount)
    for (activity, code, description, mets) in entries {
      table[activity.index] = CompendiumActivity(code: code, activity: description, mets: mets)
    }
    return table
  }()

  private static let netVO2Table: [Double] = table.map { $0?.netVO2 ?? 0 }

  /// The entries: activity, Compendium code, the Compendium's words, gross METs. Where the
  /// Compendium has no entry for the activity itself, the closest one stands in (the table in
  /// docs/activity-types.md marks these).
  private static let entries: [(WorkoutActivityType, String, String, Double)] = [
    (.americanFootball, "15210", "football, competitive", 8.0),
    (.archery, "15010", "archery, non-hunting", 4.3),
    (.australianFootball, "15210", "football, competitive", 8.0),
    (.badminton, "15030", "badminton, social singles and doubles, general", 5.5),
    (.baseball, "15620", "softball or baseball, fast or slow pitch, general", 5.0),
    (.basketball, "15055", "basketball, general", 6.5),
    (.bowling, "15092", "bowling, indoor, bowling alley", 3.8),
    (.boxing, "15120", "boxing, sparring", 7.8),
    (
      .climbing, "15537", "rock climbing, ascending or traversing rock, low-to-moderate difficulty",
      5.8
    ),
    (.cricket, "15150", "cricket, batting, bowling, fielding", 4.8),
    (
      .crossTraining, "02040",
      "circuit training, including kettlebells, some aerobic movement with minimal rest, general, vigorous intensity",
      8.0
    ),
    (.curling, "15170", "curling", 4.0),
    (
      .dance, "03031",
      "general dancing (e.g., disco, folk, Irish step dancing, line dancing, polka, contra, country)",
      7.8
    ),
    (.danceInspiredTraining, "03015", "aerobic, general", 7.3),
    (.elliptical, "02048", "elliptical trainer, moderate effort", 5.0),
    (.equestrianSports, "15370", "horseback riding, general", 5.5),
    (.fencing, "15200", "fencing", 6.0),
    (.fishing, "04001", "fishing, general", 3.5),
    (
      .functionalStrengthTraining, "02052",
      "resistance (wt) training, squats, slow or explosive effort", 5.0
    ),
    (.golf, "15255", "golf, general", 4.8),
    (.gymnastics, "15300", "gymnastics, general", 3.8),
    (.handball, "15320", "handball, general", 12.0),
    (.hockey, "15360", "hockey, ice, general", 8.0),
    (.hunting, "04100", "hunting, general", 5.0),
    (.lacrosse, "15460", "lacrosse", 8.0),
    (
      .martialArts, "15425",
      "martial arts, different types, slower pace, novice performers, practice", 5.3
    ),
    (.mindAndBody, "02101", "stretching, mild", 2.3),
    (
      .mixedMetabolicCardioTraining, "02040",
      "circuit training, including kettlebells, some aerobic movement with minimal rest, general, vigorous intensity",
      8.0
    ),
    (.paddleSports, "18100", "kayaking, moderate effort", 5.0),
    (
      .play, "15135",
      "children's games, adults playing (e.g., hopscotch, 4-square, dodge ball, playground apparatus), moderate effort",
      5.8
    ),
    (.preparationAndRecovery, "02101", "stretching, mild", 2.3),
    (.racquetball, "15530", "racquetball, general", 7.0),
    (.rugby, "15560", "rugby, union, team, competitive", 8.3),
    (.sailing, "18120", "sailing, boat and board sailing, windsurfing, ice sailing, general", 3.0),
    (.skatingSports, "19030", "skating, ice, general", 7.0),
    (.snowSports, "19075", "skiing, general", 7.0),
    (.soccer, "15610", "soccer, casual, general", 7.0),
    (.softball, "15620", "softball or baseball, fast or slow pitch, general", 5.0),
    (.squash, "15652", "squash, general", 7.3),
    (.surfingSports, "18220", "surfing, body or board, general", 3.0),
    (.tableTennis, "15660", "table tennis, ping pong", 4.0),
    (.tennis, "15675", "tennis, general", 7.3),
    (
      .trackAndField, "15733",
      "track and field (e.g., high jump, long jump, triple jump, javelin, pole vault)", 6.0
    ),
    (
      .traditionalStrengthTraining, "02054",
      "resistance (wt) training, multiple exercises, 8-15 repetitions at varied resistance", 3.5
    ),
    (.volleyball, "15710", "volleyball", 4.0),
    (.waterFitness, "18355", "water aerobics, water calisthenics", 5.5),
    (.waterPolo, "18360", "water polo", 10.0),
    (
      .waterSports, "18120", "sailing, boat and board sailing, windsurfing, ice sailing, general",
      3.0
    ),
    (.wrestling, "15730", "wrestling (one match = 5 minutes)", 6.0),
    (.yoga, "02150", "yoga, Hatha", 2.5),
    (.barre, "02105", "pilates, general", 3.0),
    (
      .coreTraining, "02022",
      "calisthenics (e.g., push ups, sit ups, pull-ups, lunges), moderate effort", 3.8
    ),
    (
      .downhillSkiing, "19160",
      "skiing, downhill, alpine or snowboarding, moderate effort, general, active time only", 5.3
    ),
    (.flexibility, "02101", "stretching, mild", 2.3),
    (
      .highIntensityIntervalTraining, "02040",
      "circuit training, including kettlebells, some aerobic movement with minimal rest, general, vigorous intensity",
      8.0
    ),
    (
      .jumpRope, "15551",
      "rope jumping, moderate pace, 100-120 skips/min, general, 2 foot skip, plain bounce", 11.8
    ),
    (
      .kickboxing, "15430",
      "martial arts, different types, moderate pace (e.g., judo, jujitsu, karate, kick boxing, tae kwan do, tai-bo, Muay Thai boxing)",
      10.3
    ),
    (.pilates, "02105", "pilates, general", 3.0),
    (
      .snowboarding, "19160",
      "skiing, downhill, alpine or snowboarding, moderate effort, general, active time only", 5.3
    ),
    (.stepTraining, "03016", "aerobic, step, with 6 - 8 inch step", 7.5),
    (
      .wheelchairWalkPace, "17190", "walking, 2.8 to 3.2 mph, level, moderate pace, firm surface",
      3.5
    ),
    (.wheelchairRunPace, "12029", "running, 4 mph (15 min/mile)", 6.0),
    (.taiChi, "15670", "tai chi, qi gong, general", 3.0),
    (.mixedCardio, "03015", "aerobic, general", 7.3),
    (.handCycling, "01010", "bicycling, <10 mph, leisure, to work or for pleasure", 4.0),
    (.discSports, "15240", "frisbee playing, general", 3.0),
    (
      .fitnessGaming, "02003",
      "activity promoting video game (e.g., Wii Fit), moderate effort (e.g., aerobic, resistance)",
      3.8
    ),
    (
      .cardioDance, "03031",
      "general dancing (e.g., disco, folk, Irish step dancing, line dancing, polka, contra, country)",
      7.8
    ),
    (
      .socialDance, "03040",
      "ballroom, slow (e.g., waltz, foxtrot, slow dancing, samba, tango, 19th century dance, mambo, cha cha)",
      3.0
    ),
    (.pickleball, "15030", "badminton, social singles and doubles, general", 5.5),
    (.cooldown, "02101", "stretching, mild", 2.3),
    (
      .other, "02022", "calisthenics (e.g., push ups, sit ups, pull-ups, lunges), moderate effort",
      3.8
    ),
  ]
}

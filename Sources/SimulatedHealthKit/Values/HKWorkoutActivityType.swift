/// The kind of workout, HealthKit's `HKWorkoutActivityType` with every case and raw value of the
/// iOS 26 SDK's `HKWorkout.h` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutactivitytype).
///
/// Raw values run from 1 (`americanFootball`) to 80 (`cooldown`) in header order, 81 is unused,
/// then `swimBikeRun` 82, `transition` 83, `underwaterDiving` 84, `rest` 2998, `group` 2999 and
/// `other` 3000. The deprecated `dance` (14), `danceInspiredTraining` (15) and
/// `mixedMetabolicCardioTraining` (30) keep their slots. The iOS 26 header declares `rest` and
/// `group` `API_UNAVAILABLE(ios, watchos, macCatalyst, macos)`, so they are declared here
/// unavailable too: an app can neither name them nor make them from 2998 or 2999
/// (`init(rawValue:)` leaves unavailable cases out). Every other case but `underwaterDiving` starts a workout
/// session (what each collects: docs/activity-types.md). Apps persist these numbers, so they
/// never change.
public enum HKWorkoutActivityType: UInt, Sendable, Hashable {
  /// American football (1).
  case americanFootball = 1
  /// Archery (2).
  case archery = 2
  /// Australian football (3).
  case australianFootball = 3
  /// Badminton (4).
  case badminton = 4
  /// Baseball (5).
  case baseball = 5
  /// Basketball (6).
  case basketball = 6
  /// Bowling (7).
  case bowling = 7
  /// Boxing (8).
  case boxing = 8
  /// Climbing (9).
  case climbing = 9
  /// Cricket (10).
  case cricket = 10
  /// Cross training: any mix of cardio and strength training (11).
  case crossTraining = 11
  /// Curling (12).
  case curling = 12
  /// Cycling (13).
  case cycling = 13
  /// Dance (14); deprecated in iOS 14 / watchOS 7 for `socialDance` or `cardioDance`.
  @available(*, deprecated, message: "Use .socialDance or .cardioDance")
  case dance = 14
  /// Dance-inspired training (15); deprecated in iOS 10 / watchOS 3.
  @available(*, deprecated, message: "Use .socialDance, .cardioDance, .barre or .pilates")
  case danceInspiredTraining = 15
  /// Elliptical (16).
  case elliptical = 16
  /// Equestrian sports (17).
  case equestrianSports = 17
  /// Fencing (18).
  case fencing = 18
  /// Fishing (19).
  case fishing = 19
  /// Functional strength training (20).
  case functionalStrengthTraining = 20
  /// Golf (21).
  case golf = 21
  /// Gymnastics (22).
  case gymnastics = 22
  /// Handball (23).
  case handball = 23
  /// Hiking (24).
  case hiking = 24
  /// Hockey (25).
  case hockey = 25
  /// Hunting (26).
  case hunting = 26
  /// Lacrosse (27).
  case lacrosse = 27
  /// Martial arts (28).
  case martialArts = 28
  /// Mind and body (29).
  case mindAndBody = 29
  /// Mixed metabolic cardio training (30); deprecated in iOS 11 / watchOS 4.
  @available(*, deprecated, message: "Use .mixedCardio or .highIntensityIntervalTraining")
  case mixedMetabolicCardioTraining = 30
  /// Paddle sports (31).
  case paddleSports = 31
  /// Play (32).
  case play = 32
  /// Preparation and recovery (33).
  case preparationAndRecovery = 33
  /// Racquetball (34).
  case racquetball = 34
  /// Rowing (35).
  case rowing = 35
  /// Rugby (36).
  case rugby = 36
  /// Running (37).
  case running = 37
  /// Sailing (38).
  case sailing = 38
  /// Skating sports (39).
  case skatingSports = 39
  /// Snow sports (40).
  case snowSports = 40
  /// Soccer (41).
  case soccer = 41
  /// Softball (42).
  case softball = 42
  /// Squash (43).
  case squash = 43
  /// Stair climbing (44).
  case stairClimbing = 44
  /// Surfing sports (45).
  case surfingSports = 45
  /// Swimming (46).
  case swimming = 46
  /// Table tennis (47).
  case tableTennis = 47
  /// Tennis (48).
  case tennis = 48
  /// Track and field (49).
  case trackAndField = 49
  /// Traditional strength training (50).
  case traditionalStrengthTraining = 50
  /// Volleyball (51).
  case volleyball = 51
  /// Walking (52).
  case walking = 52
  /// Water fitness (53).
  case waterFitness = 53
  /// Water polo (54).
  case waterPolo = 54
  /// Water sports (55).
  case waterSports = 55
  /// Wrestling (56).
  case wrestling = 56
  /// Yoga (57).
  case yoga = 57
  /// Barre (58).
  case barre = 58
  /// Core training (59).
  case coreTraining = 59
  /// Cross-country skiing (60).
  case crossCountrySkiing = 60
  /// Downhill skiing (61).
  case downhillSkiing = 61
  /// Flexibility (62).
  case flexibility = 62
  /// High-intensity interval training (63).
  case highIntensityIntervalTraining = 63
  /// Jump rope (64).
  case jumpRope = 64
  /// Kickboxing (65).
  case kickboxing = 65
  /// Pilates (66).
  case pilates = 66
  /// Snowboarding (67).
  case snowboarding = 67
  /// Stairs (68).
  case stairs = 68
  /// Step training (69).
  case stepTraining = 69
  /// Wheelchair, walk pace (70).
  case wheelchairWalkPace = 70
  /// Wheelchair, run pace (71).
  case wheelchairRunPace = 71
  /// Tai chi (72).
  case taiChi = 72
  /// Mixed cardio (73).
  case mixedCardio = 73
  /// Hand cycling (74).
  case handCycling = 74
  /// Disc sports (75).
  case discSports = 75
  /// Fitness gaming (76).
  case fitnessGaming = 76
  /// Cardio dance (77).
  case cardioDance = 77
  /// Social dance (78).
  case socialDance = 78
  /// Pickleball (79).
  case pickleball = 79
  /// Cooldown (80).
  case cooldown = 80
  /// Swim-bike-run multisport (82).
  case swimBikeRun = 82
  /// Transition between multisport legs (83).
  case transition = 83
  /// Underwater diving (84).
  case underwaterDiving = 84
  /// Rest (2998): in the iOS 26 SDK, unavailable on iOS, watchOS, Mac Catalyst and macOS
  /// (`API_UNAVAILABLE(ios, watchos, macCatalyst, macos)` in `HKWorkout.h`).
  @available(
    *, unavailable, message: "HKWorkoutActivityType.rest is unavailable on iOS and watchOS"
  )
  case rest = 2998
  /// Group (2999): in the iOS 26 SDK, unavailable on iOS, watchOS, Mac Catalyst and macOS
  /// (`API_UNAVAILABLE(ios, watchos, macCatalyst, macos)` in `HKWorkout.h`).
  @available(
    *, unavailable, message: "HKWorkoutActivityType.group is unavailable on iOS and watchOS"
  )
  case group = 2999
  /// Any other activity (3000).
  case other = 3000
}

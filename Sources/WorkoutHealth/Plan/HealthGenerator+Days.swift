import WorkoutCore

extension HealthGenerator {
  /// The body the generator needs, computed at the edge from the scenario's athlete with the
  /// physiology models (docs/health-data.md): WorkoutHealth does not depend on them.
  public struct Person: Sendable, Equatable {
    /// Resting heart rate, bpm.
    public var restingHeartRate: Double
    /// Basal (resting) energy, kcal per day (Mifflin–St Jeor).
    public var basalKilocaloriesPerDay: Double
    /// Walking step length, m.
    public var stepLength: Double
    /// Net energy of walking at the person's everyday pace, kcal per minute (ACSM walking).
    public var walkingKilocaloriesPerMinute: Double
    /// Net energy of light activity while awake and not walking, kcal per hour.
    public var lightKilocaloriesPerHour: Double
    /// The mean SDNN of the Watch's short heart-rate-variability readings, ms (the athlete's
    /// `heartRateVariabilitySDNN`, else ``HealthGenerator/defaultHeartRateVariabilitySDNN``;
    /// docs/health-data.md#heart-rate-variability).
    public var heartRateVariabilitySDNN: Double
    /// The mean breathing rate asleep, count/min (the athlete's `respiratoryRate`, else
    /// ``HealthGenerator/defaultRespiratoryRate``; docs/health-data.md#breathing-rate).
    public var respiratoryRate: Double

    /// A person.
    public init(
      restingHeartRate: Double, basalKilocaloriesPerDay: Double, stepLength: Double,
      walkingKilocaloriesPerMinute: Double, lightKilocaloriesPerHour: Double,
      heartRateVariabilitySDNN: Double = HealthGenerator.defaultHeartRateVariabilitySDNN,
      respiratoryRate: Double = HealthGenerator.defaultRespiratoryRate
    ) {
      self.restingHeartRate = restingHeartRate
      self.basalKilocaloriesPerDay = basalKilocaloriesPerDay
      self.stepLength = stepLength
      self.walkingKilocaloriesPerMinute = walkingKilocaloriesPerMinute
      self.lightKilocaloriesPerHour = lightKilocaloriesPerHour
      self.heartRateVariabilitySDNN = heartRateVariabilitySDNN
      self.respiratoryRate = respiratoryRate
    }
  }

  /// The mean SDNN of a person's short readings when the athlete gives none: 50 ms, the mean of
  /// the short-term SDNN of healthy adults in Nunan, Sandercock and Brodie's review of 44
  /// studies (50 ± 16 ms; "A quantitative systematic review of normal values for short-term
  /// heart rate variability in healthy adults", Pacing Clin Electrophysiol 33(11):1407–1417,
  /// 2010, doi:10.1111/j.1540-8159.2010.02841.x; docs/health-data.md#heart-rate-variability).
  public static let defaultHeartRateVariabilitySDNN = 50.0

  /// The mean breathing rate asleep when the athlete gives none: 15.4 count/min, the mean
  /// nocturnal rate of healthy adults in Natarajan et al., "Measurement of respiratory rate using
  /// wearable devices and applications to COVID-19 detection", npj Digit Med 4:136, 2021,
  /// doi:10.1038/s41746-021-00493-6 (90 % of values 11.8 to 19.2; docs/health-data.md#breathing-rate).
  public static let defaultRespiratoryRate = 15.4

  /// The span of one heart-rate-variability reading: 60 s (the Watch's reading takes about a
  /// minute; docs/health-data.md#heart-rate-variability).
  public static let heartRateVariabilityReading: Duration = .seconds(60)

  /// The span of one breathing-rate sample: 60 s (a project rule: Apple documents no span;
  /// docs/health-data.md#breathing-rate).
  public static let respiratoryRateReading: Duration = .seconds(60)

  /// One planned workout placed on a day: the engine runs it and hands back a
  /// ``GeneratedWorkout``.
  public struct WorkoutSlot: Sendable, Equatable {
    /// The index of the person's day.
    public var day: Int
    /// When the workout starts (scenario instant).
    public var start: SimulationInstant
    /// The plan's entry.
    public var workout: HealthPlan.PlannedWorkout

    /// A slot.
    public init(day: Int, start: SimulationInstant, workout: HealthPlan.PlannedWorkout) {
      self.day = day
      self.start = start
      self.workout = workout
    }

    /// The span the workout covers.
    public var span: Range<SimulationInstant> {
      start..<start.advanced(by: workout.duration)
    }
  }

  /// A workout the engine ran: its record (instants on the scenario's clock) and its samples as
  /// the watch saves them (``HealthSample/source`` 0), in any order.
  public struct GeneratedWorkout: Sendable {
    /// The finished workout; its ``WorkoutCore/WorkoutRecord/samples`` are left empty (they are
    /// in ``samples``).
    public var record: WorkoutRecord
    /// Heart rate, energy, steps and distance of the workout, and the watch's `vo2Max`
    /// estimate when it gives one (``CardioFitness``).
    public var samples: [HealthSample]

    /// A generated workout.
    public init(record: WorkoutRecord, samples: [HealthSample]) {
      self.record = record
      self.samples = samples
    }
  }

  /// How long after a sample ends the Watch's copy reaches the phone's store: 120 s (a model
  /// choice: the Watch syncs in batches; docs/health-data.md#when-samples-arrive).
  public static let watchSyncDelay: Duration = .seconds(120)
  /// How long after a sample ends the iPhone writes it: 60 s (a model choice, as above).
  public static let iPhoneSaveDelay: Duration = .seconds(60)

  /// The plan's workouts placed on the person's days: each entry on every day of its weekday at
  /// its local time, in time order; a workout that would start before the previous one ends is
  /// left out.
  ///
  /// - Parameters:
  ///   - plan: a valid plan.
  ///   - days: the person's local days.
  /// - Returns: the slots.
  public static func workoutSlots(of plan: HealthPlan, days: [LocalDay]) -> [WorkoutSlot] {
    guard plan.generate else { return [] }
    var slots: [WorkoutSlot] = []
    for (index, day) in days.enumerated() {
      for workout in plan.workouts where workout.weekday == day.weekday {
        slots.append(WorkoutSlot(day: index, start: day.instant(at: workout.at), workout: workout))
      }
    }
    slots.sort { $0.start < $1.start }
    var kept: [WorkoutSlot] = []
    for slot in slots where kept.last.map({ slot.start >= $0.span.upperBound }) ?? true {
      kept.append(slot)
    }
    return kept
  }

  /// The person's data: generated days (docs/health-data.md) plus the plan's explicit samples,
  /// sorted for the store.
  ///
  /// - Parameters:
  ///   - plan: a valid plan with ``HealthPlan/generate`` on.
  ///   - seed: the scenario's seed.
  ///   - person: the body.
  ///   - days: the person's local days (the trip's zone while away).
  ///   - deviceDays: the device's local days (the scenario's zone), for lock patterns.
  ///   - workouts: the engine's workouts for ``workoutSlots(of:days:)``, in the same order.
  /// - Returns: the data.
  public static func generate(
    _ plan: HealthPlan, seed: UInt64, person: Person, days: [LocalDay], deviceDays: [LocalDay],
    workouts: [GeneratedWorkout]
  ) -> HealthData {
    var generator = DayGenerator(plan: plan, seed: seed, person: person, days: days)
    generator.addWorkouts(workouts)
    generator.run()
    var samples = generator.samples
    samples += explicitSamples(of: plan)
    sortForStore(&samples)
    var data = HealthData(
      sources: sources, samples: samples, workouts: generator.workouts,
      electrocardiograms: generator.electrocardiograms, priority: priority(for: plan),
      lockPeriods: lockPeriods(of: plan, days: deviceDays))
    data.walkingBouts = generator.walkingBouts.sorted { $0.lowerBound < $1.lowerBound }
    return data
  }

  /// Daily local-time spans laid on consecutive days (a span whose `to` is not after `from`
  /// ends on the next day), merged.
  static func expand(_ patterns: [HealthPlan.TimeOfDaySpan], on days: [LocalDay])
    -> [Range<SimulationInstant>]
  {
    var spans: [Range<SimulationInstant>] = []
    for (index, day) in days.enumerated() {
      for pattern in patterns {
        let from = day.instant(at: pattern.from)
        let to: SimulationInstant
        if pattern.to > pattern.from {
          to = day.instant(at: pattern.to)
        } else if index + 1 < days.count {
          to = days[index + 1].instant(at: pattern.to)
        } else {
          to = day.end.advanced(by: pattern.to)
        }
        if to > from { spans.append(from..<to) }
      }
    }
    return merged(spans)
  }

  /// `span` minus the sorted, disjoint `holes`.
  static func subtract(_ holes: [Range<SimulationInstant>], from span: Range<SimulationInstant>)
    -> [Range<SimulationInstant>]
  {
    var result: [Range<SimulationInstant>] = []
    var cursor = span.lowerBound
    var low = 0
    var high = holes.count
    while low < high {  // the first hole ending after the span's start
      let middle = (low + high) / 2
      if holes[middle].upperBound <= span.lowerBound { low = middle + 1 } else { high = middle }
    }
    var index = low
    while index < holes.count, holes[index].lowerBound < span.upperBound {
      let hole = holes[index]
      if hole.lowerBound > cursor { result.append(cursor..<hole.lowerBound) }
      cursor = max(cursor, hole.upperBound)
      index += 1
    }
    if cursor < span.upperBound { result.append(cursor..<span.upperBound) }
    return result
  }

  /// Whether `instant` lies in one of the sorted, disjoint `spans`.
  static func contains(_ spans: [Range<SimulationInstant>], _ instant: SimulationInstant) -> Bool {
    var low = 0
    var high = spans.count
    while low < high {
      let middle = (low + high) / 2
      if spans[middle].upperBound <= instant { low = middle + 1 } else { high = middle }
    }
    return low < spans.count && spans[low].contains(instant)
  }
}

/// The state of one generation run: the person's days walked through in order.
struct DayGenerator {
  let plan: HealthPlan
  let seed: UInt64
  let person: HealthGenerator.Person
  let days: [LocalDay]
  var samples: [HealthSample] = []
  var workouts: [WorkoutRecord] = []
  var electrocardiograms: [HealthElectrocardiogram] = []
  /// The walking bouts of every day.
  var walkingBouts: [Range<SimulationInstant>] = []
  /// Workout spans, sorted and disjoint.
  var workoutSpans: [Range<SimulationInstant>] = []
  /// Workout step counts (for the iPhone's copy), by workout.
  var workoutSteps: [Double] = []
  /// The next background heart-rate reading (carried from one day to the next).
  var heartClock: SimulationInstant?
  /// The next heart-rate-variability reading (carried from one day to the next).
  var variabilityClock: SimulationInstant?
  /// Charging spans (the watch off the wrist), sorted and disjoint.
  let charging: [Range<SimulationInstant>]

  init(plan: HealthPlan, seed: UInt64, person: HealthGenerator.Person, days: [LocalDay]) {
    self.plan = plan
    self.seed = seed
    self.person = person
    self.days = days
    charging = plan.habits.wearsWatch ? HealthGenerator.expand(plan.habits.charging, on: days) : []
    samples.reserveCapacity(days.count * 420)
  }

  func stream(_ purpose: String, _ index: Int) -> SplitMix64 {
    SplitMix64(seed: seed, stream: "health.\(purpose).\(index)")
  }

  static func uniform(_ rng: inout SplitMix64, _ low: Double, _ high: Double) -> Double {
    low + (high - low) * rng.nextUnitDouble()
  }

  static func minutes(_ value: Double) -> Duration {
    .nanoseconds(Int64((value * 60e9).rounded()))
  }

  static func saved(_ end: SimulationInstant, _ source: UInt16) -> SimulationInstant {
    end.advanced(
      by: source == HealthGenerator.watch
        ? HealthGenerator.watchSyncDelay : HealthGenerator.iPhoneSaveDelay)
  }

  mutating func add(
    _ type: HealthDataType, _ source: UInt16, _ start: SimulationInstant, _ end: SimulationInstant,
    _ value: Double, savedAt: SimulationInstant? = nil
  ) {
    samples.append(
      HealthSample(
        type: type, source: source, start: start, end: end, value: value,
        savedAt: savedAt ?? Self.saved(end, source)))
  }

  /// The engine's workouts: their records, their samples and a `workout` sample each.
  mutating func addWorkouts(_ generated: [HealthGenerator.GeneratedWorkout]) {
    for workout in generated {
      let record = workout.record
      let saved = Self.saved(record.endDate, HealthGenerator.watch)
      for sample in workout.samples {
        var copy = sample
        copy.savedAt = saved
        samples.append(copy)
      }
      add(
        .workout, HealthGenerator.watch, record.startDate, record.endDate,
        Double(workouts.count), savedAt: saved)
      workouts.append(record)
      workoutSpans.append(record.startDate..<record.endDate)
      workoutSteps.append(
        workout.samples.lazy.filter { $0.type == .stepCount }.reduce(0) { $0 + $1.value })
    }
    // Records come in slot order (disjoint); keep the spans sorted for the searches.
    let order = workoutSpans.indices.sorted {
      workoutSpans[$0].lowerBound < workoutSpans[$1].lowerBound
    }
    workoutSpans = order.map { workoutSpans[$0] }
    workoutSteps = order.map { workoutSteps[$0] }
  }

  /// Whether the watch is on the wrist at `instant` (worn, not charging; always during a workout).
  func watchOn(_ instant: SimulationInstant) -> Bool {
    guard plan.habits.wearsWatch else { return false }
    if HealthGenerator.contains(workoutSpans, instant) { return true }
    return !HealthGenerator.contains(charging, instant)
  }

  /// The parts of `span` while the watch is on the wrist.
  func watchOnParts(of span: Range<SimulationInstant>) -> [Range<SimulationInstant>] {
    guard plan.habits.wearsWatch else { return [] }
    return HealthGenerator.subtract(charging, from: span)
  }

  mutating func run() {
    guard !days.isEmpty else { return }
    let habits = plan.habits
    // Wake and bed instants per day (jittered); the night after day i runs from bed[i] to
    // wake[i + 1]; the wake after the last day is extrapolated from its end.
    var wake: [SimulationInstant] = []
    var bed: [SimulationInstant] = []
    for (index, day) in days.enumerated() {
      var rng = stream("day", index)
      let wakeJitter = Self.minutes(Self.uniform(&rng, -15, 15))
      let bedJitter = Self.minutes(Self.uniform(&rng, -20, 20))
      wake.append(day.instant(at: habits.wake).advanced(by: wakeJitter))
      let bedDay = habits.bed > habits.wake ? day : nil
      let bedInstant =
        bedDay?.instant(at: habits.bed)
        ?? (index + 1 < days.count
          ? days[index + 1].instant(at: habits.bed) : day.end.advanced(by: habits.bed))
      bed.append(bedInstant.advanced(by: bedJitter))
    }
    var nextWake = days[days.count - 1].end.advanced(by: habits.wake)
    for index in days.indices.reversed() {
      sleep(night: index, from: bed[index], to: nextWake)
      nextWake = wake[index]
    }
    // The night before the first day, so that day has its sleep too.
    let firstBed =
      habits.bed > habits.wake
      ? days[0].start.advanced(by: habits.bed - .seconds(86_400)) : days[0].instant(at: habits.bed)
    sleep(night: -1, from: firstBed, to: wake[0])
    for index in days.indices {
      let previousBed = index > 0 ? bed[index - 1] : firstBed
      generateDay(index, wake: wake[index], bed: bed[index], previousBed: previousBed)
    }
  }

  // MARK: Sleep

  /// The night from `start` (bed) to `end` (wake): the iPhone's `inBed` and, with the watch worn,
  /// its stages in cycles of about 90 minutes, deep sleep in the early cycles and REM lengthening
  /// across the night (Carskadon and Dement; docs/health-data.md#sleep).
  mutating func sleep(night index: Int, from start: SimulationInstant, to end: SimulationInstant) {
    guard end > start else { return }
    let inBed = Double(SleepStage.inBed.rawValue)
    add(.sleepAnalysis, HealthGenerator.iPhone, start, end, inBed)
    guard plan.habits.wearsWatch else { return }
    var rng = stream("sleep", index)
    let saved = Self.saved(end, HealthGenerator.watch)
    var stages: [(SleepStage, SimulationInstant, SimulationInstant)] = []
    func stage(_ kind: SleepStage, _ from: SimulationInstant, _ length: Duration)
      -> SimulationInstant
    {
      let to = min(from.advanced(by: length), end)
      if to > from { stages.append((kind, from, to)) }
      return to
    }
    var cursor = stage(.awake, start, Self.minutes(Self.uniform(&rng, 5, 20)))
    let deep = [0.30, 0.22, 0.10, 0.04]
    let rem = [0.12, 0.20, 0.26, 0.30]
    var cycle = 0
    while cursor < end {
      let length = Self.uniform(&rng, 85, 105)
      let deepShare = cycle < deep.count ? max(0, deep[cycle] + Self.uniform(&rng, -0.03, 0.03)) : 0
      let remShare = (cycle < rem.count ? rem[cycle] : 0.32) + Self.uniform(&rng, -0.03, 0.03)
      let core = max(0, 1 - deepShare - remShare)
      cursor = stage(.asleepCore, cursor, Self.minutes(length * core * 0.6))
      if deepShare > 0 { cursor = stage(.asleepDeep, cursor, Self.minutes(length * deepShare)) }
      cursor = stage(.asleepCore, cursor, Self.minutes(length * core * 0.4))
      cursor = stage(.asleepREM, cursor, Self.minutes(length * remShare))
      if cycle >= 1, rng.nextUnitDouble() < 0.4 {
        cursor = stage(.awake, cursor, Self.minutes(Self.uniform(&rng, 1, 4)))
      }
      cycle += 1
    }
    // Join neighbours of one stage (a core end and the next cycle's core start).
    var joined: [(SleepStage, SimulationInstant, SimulationInstant)] = []
    for item in stages {
      if let last = joined.last, last.0 == item.0, last.2 == item.1 {
        joined[joined.count - 1].2 = item.2
      } else {
        joined.append(item)
      }
    }
    for (kind, from, to) in joined where watchOn(from) {
      add(.sleepAnalysis, HealthGenerator.watch, from, to, Double(kind.rawValue), savedAt: saved)
    }
    breathing(night: index, stages: joined, saved: saved)
  }

  /// The night's breathing rate: the night's mean is the person's rate × (1 + 0.05 z), each
  /// reading that mean + 0.5 z (z standard normal), rounded to 0.1 count/min; a reading every 20
  /// to 40 minutes (the first within 30 minutes of going to bed), written when the whole 60 s
  /// lie in one core, deep or REM stage with the watch on, saved with the night's stages
  /// (docs/health-data.md#breathing-rate).
  mutating func breathing(
    night index: Int, stages: [(SleepStage, SimulationInstant, SimulationInstant)],
    saved: SimulationInstant
  ) {
    guard let first = stages.first, let last = stages.last else { return }
    var rng = stream("breathing", index)
    let mean = person.respiratoryRate * (1 + 0.05 * rng.nextStandardNormal())
    var instant = first.1.advanced(by: Self.minutes(Self.uniform(&rng, 0, 30)))
    var stage = 0
    while instant < last.2 {
      let end = instant.advanced(by: HealthGenerator.respiratoryRateReading)
      while stage < stages.count, stages[stage].2 <= instant { stage += 1 }
      let value = ((mean + 0.5 * rng.nextStandardNormal()) * 10).rounded() / 10
      if stage < stages.count, stages[stage].0 != .awake, stages[stage].1 <= instant,
        end <= stages[stage].2, watchOn(instant), watchOn(end)
      {
        add(.respiratoryRate, HealthGenerator.watch, instant, end, max(1, value), savedAt: saved)
      }
      instant = instant.advanced(by: Self.minutes(Self.uniform(&rng, 20, 40)))
    }
  }

  // MARK: Days

  mutating func generateDay(
    _ index: Int, wake: SimulationInstant, bed: SimulationInstant, previousBed: SimulationInstant
  ) {
    let day = days[index]
    var rng = stream("steps", index)
    let habits = plan.habits
    // Walking bouts in the waking hours.
    var bouts: [Range<SimulationInstant>] = []
    if bed > wake {
      let target = Self.uniform(&rng, habits.steps.lowerBound, habits.steps.upperBound)
      var remaining = target / 105  // minutes of walking at about 105 steps/min
      var lengths: [Double] = []
      while remaining > 0.5 {
        let length = min(Self.uniform(&rng, 3, 20), remaining)
        lengths.append(length)
        remaining -= length
      }
      let awake = wake.duration(to: bed)
      if !lengths.isEmpty {
        let slot = awake / lengths.count
        var slotStart = wake
        for length in lengths {
          let bout = min(Self.minutes(length), slot)
          let room = (slot - bout).secondsValue
          let start = slotStart.advanced(by: .seconds(Self.uniform(&rng, 0, room)).rounded())
          let span = start..<start.advanced(by: bout)
          for part in HealthGenerator.subtract(workoutSpans, from: span)
          where part.lowerBound.duration(to: part.upperBound) >= .seconds(60) {
            bouts.append(part)
          }
          slotStart = slotStart.advanced(by: slot)
        }
      }
      for bout in bouts { walk(bout, rng: &rng) }
      walkingBouts += bouts
      // The iPhone in a pocket during workouts with steps.
      for (workout, span) in workoutSpans.enumerated()
      where span.lowerBound >= day.start && span.lowerBound < day.end && workoutSteps[workout] > 0
        && rng.nextUnitDouble() < habits.carriesPhone
      {
        let steps = workoutSteps[workout]
        Self.chunks(span, first: Self.uniform(&rng, 1, 10), rng: &rng) { part, share, noise in
          let count = (steps * share * noise).rounded()
          self.add(.stepCount, HealthGenerator.iPhone, part.lowerBound, part.upperBound, count)
          self.add(
            .distanceWalkingRunning, HealthGenerator.iPhone, part.lowerBound, part.upperBound,
            count * self.person.stepLength * 1.25)
        }
      }
    }
    energyAndHeartRate(index, wake: wake, bed: bed, previousBed: previousBed, bouts: bouts)
    heartRateVariability(index)
    electrocardiogram(index, wake: wake, bed: bed)
  }

  /// Heart-rate-variability readings of a day: one every 2 to 5 hours (uniform; the clock runs
  /// on across midnight, the first within 5 hours of the first day's start), day and night,
  /// each 60 s long, written when the watch is on for the whole reading and no workout runs; the
  /// value is the person's SDNN × (1 + 0.2 z), z standard normal, at least 5 ms, rounded to
  /// 0.1 ms (docs/health-data.md#heart-rate-variability).
  mutating func heartRateVariability(_ index: Int) {
    guard plan.habits.wearsWatch else { return }
    let day = days[index]
    var rng = stream("hrv", index)
    var instant =
      variabilityClock ?? day.start.advanced(by: Self.minutes(Self.uniform(&rng, 0, 300)))
    while instant < day.end {
      let end = instant.advanced(by: HealthGenerator.heartRateVariabilityReading)
      let factor = 1 + 0.2 * rng.nextStandardNormal()
      if watchOn(instant), watchOn(end),
        HealthGenerator.subtract(workoutSpans, from: instant..<end) == [instant..<end]
      {
        let value = max(5, (person.heartRateVariabilitySDNN * factor * 10).rounded() / 10)
        add(.heartRateVariabilitySDNN, HealthGenerator.watch, instant, end, value)
      }
      instant = instant.advanced(by: Self.minutes(Self.uniform(&rng, 120, 300)))
    }
    variabilityClock = instant
  }

  /// Splits `span` into pieces of at most 10 minutes (the first `first` minutes long) and calls
  /// `body` with each piece, its share of the span and a counting noise factor (1 ± about 3 %).
  static func chunks(
    _ span: Range<SimulationInstant>, first: Double, rng: inout SplitMix64,
    _ body: (Range<SimulationInstant>, Double, Double) -> Void
  ) {
    let total = Double(span.upperBound.nanoseconds - span.lowerBound.nanoseconds)
    guard total > 0 else { return }
    var cursor = span.lowerBound
    var length = Self.minutes(first)
    while cursor < span.upperBound {
      let end = min(cursor.advanced(by: length), span.upperBound)
      let share = Double(end.nanoseconds - cursor.nanoseconds) / total
      let noise = max(0, 1 + 0.03 * rng.nextStandardNormal())
      body(cursor..<end, share, noise)
      cursor = end
      length = .seconds(600)
    }
  }

  /// One walking bout: the iPhone counts it when carried, the Watch the parts while worn and
  /// not charging; the two counts differ by a few percent.
  mutating func walk(_ bout: Range<SimulationInstant>, rng: inout SplitMix64) {
    let minutes = bout.lowerBound.duration(to: bout.upperBound).secondsValue / 60
    let steps = minutes * Self.uniform(&rng, 100, 115)
    let carried = rng.nextUnitDouble() < plan.habits.carriesPhone
    if carried {
      Self.chunks(bout, first: Self.uniform(&rng, 1, 10), rng: &rng) { part, share, noise in
        let count = (steps * share * noise).rounded()
        self.add(.stepCount, HealthGenerator.iPhone, part.lowerBound, part.upperBound, count)
        self.add(
          .distanceWalkingRunning, HealthGenerator.iPhone, part.lowerBound, part.upperBound,
          count * self.person.stepLength)
      }
    }
    let total = Double(bout.upperBound.nanoseconds - bout.lowerBound.nanoseconds)
    for worn in watchOnParts(of: bout) {
      let wornShare = Double(worn.upperBound.nanoseconds - worn.lowerBound.nanoseconds) / total
      Self.chunks(worn, first: Self.uniform(&rng, 1, 10), rng: &rng) { part, share, noise in
        let count = (steps * wornShare * share * noise).rounded()
        let partMinutes = part.lowerBound.duration(to: part.upperBound).secondsValue / 60
        self.add(.stepCount, HealthGenerator.watch, part.lowerBound, part.upperBound, count)
        self.add(
          .distanceWalkingRunning, HealthGenerator.watch, part.lowerBound, part.upperBound,
          count * self.person.stepLength)
        self.add(
          .activeEnergyBurned, HealthGenerator.watch, part.lowerBound, part.upperBound,
          self.person.walkingKilocaloriesPerMinute * partMinutes)
      }
    }
  }

  /// Basal energy per hour while worn (not in workouts: the engine's samples hold theirs), light
  /// active energy per waking hour, background heart rate every 4 to 10 minutes while the watch
  /// is on and no workout runs, and the day's resting heart rate.
  mutating func energyAndHeartRate(
    _ index: Int, wake: SimulationInstant, bed: SimulationInstant, previousBed: SimulationInstant,
    bouts: [Range<SimulationInstant>]
  ) {
    guard plan.habits.wearsWatch else { return }
    let day = days[index]
    var rng = stream("heart", index)
    let basalPerSecond = person.basalKilocaloriesPerDay / 86_400
    let lightPerSecond = person.lightKilocaloriesPerHour / 3600
    var hour = day.start
    while hour < day.end {
      let next = min(hour.advanced(by: .seconds(3600)), day.end)
      for part in watchOnParts(of: hour..<next) {
        for free in HealthGenerator.subtract(workoutSpans, from: part) {
          let seconds = free.lowerBound.duration(to: free.upperBound).secondsValue
          add(
            .basalEnergyBurned, HealthGenerator.watch, free.lowerBound, free.upperBound,
            basalPerSecond * seconds)
          let low = max(free.lowerBound, wake)
          let high = min(free.upperBound, bed)
          if high > low {
            add(
              .activeEnergyBurned, HealthGenerator.watch, low, high,
              lightPerSecond * low.duration(to: high).secondsValue)
          }
        }
      }
      hour = next
    }
    let rest = person.restingHeartRate
    // The readings' clock runs on across midnight (the first one within 10 minutes of the start).
    var instant = heartClock ?? day.start.advanced(by: Self.minutes(Self.uniform(&rng, 0, 10)))
    var bout = 0
    var readings = 0
    while instant < day.end {
      if watchOn(instant), !HealthGenerator.contains(workoutSpans, instant) {
        while bout < bouts.count, bouts[bout].upperBound <= instant { bout += 1 }
        let walking = bout < bouts.count && bouts[bout].contains(instant)
        let asleep = instant < wake ? instant >= previousBed : instant >= bed
        let base = asleep ? rest - 4 : walking ? rest + 32 : rest + 12
        let spread = asleep ? 2.0 : 5.0
        let value = max(30, (base + spread * rng.nextStandardNormal()).rounded())
        add(.heartRate, HealthGenerator.watch, instant, instant, value)
        readings += 1
      }
      instant = instant.advanced(by: Self.minutes(Self.uniform(&rng, 4, 10)))
    }
    heartClock = instant
    if readings > 0 {
      let value = (rest + 1.5 * rng.nextStandardNormal()).rounded()
      let end = min(max(bed, day.start.advanced(by: .seconds(3600))), day.end)
      add(.restingHeartRate, HealthGenerator.watch, day.start, end, max(30, value))
    }
  }

  /// An ECG on every `ecg.everyDays`-th day (the first day included): 30 s at a random waking
  /// time outside workouts, sinus rhythm, while the watch is on.
  mutating func electrocardiogram(_ index: Int, wake: SimulationInstant, bed: SimulationInstant) {
    guard let every = plan.ecgEveryDays, index % every == 0 else { return }
    var rng = stream("ecg", index)
    let awake = wake.duration(to: bed).secondsValue
    guard awake > 7200 else { return }
    let start = wake.advanced(by: .seconds(Self.uniform(&rng, 3600, awake - 3600)).rounded())
    let end = start.advanced(by: .seconds(30))
    guard watchOn(start), watchOn(end),
      HealthGenerator.subtract(workoutSpans, from: start..<end) == [start..<end]
    else { return }
    let average = (person.restingHeartRate + 8 + 3 * rng.nextStandardNormal()).rounded()
    add(.electrocardiogram, HealthGenerator.watch, start, end, Double(electrocardiograms.count))
    electrocardiograms.append(
      HealthElectrocardiogram(
        classification: 1, averageHeartRate: average, samplingFrequency: 512,
        numberOfVoltageMeasurements: 15_360, seed: rng.next()))
  }
}

extension Duration {
  /// This duration rounded to whole nanoseconds (for durations made from `Double` seconds).
  fileprivate func rounded() -> Duration {
    .nanoseconds(wholeNanoseconds)
  }
}

import Testing
import WorkoutCore
import WorkoutHealth

/// `count` UTC days of 24 h from `t = 0`, the first a Monday (weekday 2), 2026-03-02.
private func utcDays(_ count: Int) -> [LocalDay] {
  (0..<count).map { index in
    LocalDay(
      start: .seconds(Int64(index) * 86_400), end: .seconds(Int64(index + 1) * 86_400),
      year: 2026, month: 3, day: 2 + index, weekday: (1 + index) % 7 + 1, utcOffset: 0)
  }
}

/// The default athlete's body: 60 bpm rest; Mifflin–St Jeor for 65 kg, 170 cm, 35 y, female:
/// 650 + 1062.5 − 175 − 161 = 1376.5 kcal/day; step length 0.413 × 1.70 = 0.7021 m; walking
/// net VO2 at 1.3 m/s = 0.1 × 78 = 7.8 mL/kg/min → 7.8 × 65 / 1000 × 5 = 2.535 kcal/min; light
/// activity 0.3 MET = 1.05 mL/kg/min → 1.05 × 65 / 1000 × 5 × 60 = 20.475 kcal/h.
private let person = HealthGenerator.Person(
  restingHeartRate: 60, basalKilocaloriesPerDay: 1376.5, stepLength: 0.7021,
  walkingKilocaloriesPerMinute: 2.535, lightKilocaloriesPerHour: 20.475)

private func generate(_ plan: HealthPlan, days: [LocalDay], seed: UInt64 = 7) -> HealthData {
  HealthGenerator.generate(
    plan, seed: seed, person: person, days: days, deviceDays: days, workouts: [])
}

private func seconds(_ sample: HealthSample) -> Double {
  Double(sample.end.nanoseconds - sample.start.nanoseconds) / 1e9
}

@Suite("HealthGenerator: a person's generated days")
struct HealthGeneratorTests {
  @Test("sleep stages of one source never overlap; inBed spans each night from the iPhone")
  func sleepDoesNotOverlap() {
    let data = generate(HealthPlan(days: 14), days: utcDays(14))
    let stages = data.samples.filter { $0.type == .sleepAnalysis && $0.source == 0 }
      .sorted { $0.start < $1.start }
    #expect(stages.count > 14 * 10)
    for (earlier, later) in zip(stages, stages.dropFirst()) {
      #expect(earlier.end <= later.start)
    }
    #expect(stages.allSatisfy { $0.value != 0 })  // the watch writes stages, never inBed
    // 15 nights: the one before the first day and one after each of the 14 days.
    let inBed = data.samples.filter { $0.type == .sleepAnalysis && $0.source == 1 }
    #expect(inBed.count == 15)
    #expect(inBed.allSatisfy { $0.value == 0 })
  }

  @Test("deep sleep in the first third of the night exceeds the last third; REM the other way")
  func architecture() {
    let data = generate(HealthPlan(days: 30), days: utcDays(30))
    let nights = data.samples.filter { $0.type == .sleepAnalysis && $0.source == 1 }
    let stages = data.samples.filter { $0.type == .sleepAnalysis && $0.source == 0 }
    for night in nights {
      let third = (night.end.nanoseconds - night.start.nanoseconds) / 3
      let first = night.start.nanoseconds..<(night.start.nanoseconds + third)
      let last = (night.end.nanoseconds - third)..<night.end.nanoseconds
      func minutes(_ stage: SleepStage, in range: Range<Int64>) -> Double {
        stages.filter { $0.value == Double(stage.rawValue) }.reduce(0) { total, sample in
          let low = max(sample.start.nanoseconds, range.lowerBound)
          let high = min(sample.end.nanoseconds, range.upperBound)
          return total + Double(max(0, high - low)) / 60e9
        }
      }
      #expect(minutes(.asleepDeep, in: first) > minutes(.asleepDeep, in: last))
      #expect(minutes(.asleepREM, in: last) > minutes(.asleepREM, in: first))
    }
  }

  @Test("no watch samples while charging; no iPhone steps when the phone is never carried")
  func devices() {
    // Charging 12:00 to 14:00 every day (43 200 s to 50 400 s from each midnight).
    let charging = HealthPlan.TimeOfDaySpan(from: .seconds(43_200), to: .seconds(50_400))
    var plan = HealthPlan(days: 10)
    plan.habits.charging = [charging]
    plan.habits.carriesPhone = 0
    let data = generate(plan, days: utcDays(10))
    let watch = data.samples.filter { $0.source == 0 && $0.type != .sleepAnalysis }
    for sample in watch where sample.type != .restingHeartRate {
      let day = sample.start.nanoseconds / 86_400_000_000_000 * 86_400
      let window = SimulationInstant.seconds(day + 43_200)..<SimulationInstant.seconds(day + 50_400)
      // A span sample may not reach into the window; an instant one may not lie in it.
      let inside =
        sample.start == sample.end
        ? window.contains(sample.start)
        : sample.start < window.upperBound && sample.end > window.lowerBound
      #expect(!inside, "\(sample.type) at \(sample.start) while charging")
    }
    #expect(!data.samples.contains { $0.source == 1 && $0.type == .stepCount })
    #expect(data.samples.contains { $0.source == 0 && $0.type == .stepCount })
  }

  @Test("a phone always carried counts every bout the watch counts, a little differently")
  func overlappingSources() {
    var plan = HealthPlan(days: 3)
    plan.habits.carriesPhone = 1
    plan.habits.charging = []
    let data = generate(plan, days: utcDays(3))
    func steps(_ source: UInt16) -> Double {
      data.samples.filter { $0.type == .stepCount && $0.source == source }.reduce(0) {
        $0 + $1.value
      }
    }
    let watch = steps(0)
    let phone = steps(1)
    // Three days of 6000 to 10 000 steps each.
    #expect(watch >= 3 * 5000 && watch <= 3 * 11_000)
    #expect(phone != watch)
    #expect(abs(phone - watch) / watch < 0.05)
  }

  @Test("a 23-hour daylight-saving day: basal energy is 23/24 of the day's Mifflin–St Jeor")
  func daylightSavingDay() {
    // 2026-03-29 in Europe/Berlin: midnight +01:00, the change to +02:00 two hours later.
    let day = LocalDay(
      start: .zero, end: .seconds(82_800), year: 2026, month: 3, day: 29, weekday: 1,
      utcOffset: 3600, transition: .init(at: .seconds(7200), utcOffset: 7200))
    var plan = HealthPlan(days: 1)
    plan.habits.charging = []
    let data = generate(plan, days: [day])
    let basal = data.samples.filter { $0.type == .basalEnergyBurned }
    // 1376.5 kcal/day × 82 800 s / 86 400 s = 1319.1458333… kcal, in 23 hourly samples.
    #expect(basal.count == 23)
    #expect(abs(basal.reduce(0) { $0 + $1.value } - 1376.5 * 82_800 / 86_400) < 1e-9)
    // The wake time 7:00 local is 6 h after midnight on this day (± the 15-minute jitter): the
    // first active-energy sample (light activity) starts at the wake instant.
    let light = data.samples.filter { $0.type == .activeEnergyBurned }.min { $0.start < $1.start }
    let wake = light.map { $0.start.seconds } ?? 0
    #expect(wake >= 6 * 3600 - 900 && wake <= 6 * 3600 + 900)
  }

  @Test("deterministic: the same plan and seed give the same data; another seed other data")
  func determinism() {
    var plan = HealthPlan(days: 5)
    plan.ecgEveryDays = 2
    let first = generate(plan, days: utcDays(5), seed: 3)
    let second = generate(plan, days: utcDays(5), seed: 3)
    #expect(first.samples == second.samples)
    #expect(first.electrocardiograms == second.electrocardiograms)
    #expect(generate(plan, days: utcDays(5), seed: 4).samples != first.samples)
  }

  @Test("samples sorted by savedAt; ECGs every second day: 30 s at 512 Hz, sinus rhythm")
  func orderAndECG() {
    var plan = HealthPlan(days: 5)
    plan.ecgEveryDays = 2
    let data = generate(plan, days: utcDays(5))
    #expect(zip(data.samples, data.samples.dropFirst()).allSatisfy { $0.savedAt <= $1.savedAt })
    // Days 0, 2 and 4.
    #expect(data.electrocardiograms.count == 3)
    #expect(data.electrocardiograms.allSatisfy { $0.classification == 1 })
    #expect(data.electrocardiograms.allSatisfy { $0.numberOfVoltageMeasurements == 15_360 })
    let recordings = data.samples.filter { $0.type == .electrocardiogram }
    #expect(recordings.map(seconds) == [30, 30, 30])
    #expect(recordings.map(\.value) == [0, 1, 2])
  }

  @Test("background heart rate every 4 to 10 minutes while worn; one resting rate a day")
  func heartRate() {
    var plan = HealthPlan(days: 2)
    plan.habits.charging = []
    let data = generate(plan, days: utcDays(2))
    let readings = data.samples.filter { $0.type == .heartRate }.sorted { $0.start < $1.start }
    for (earlier, later) in zip(readings, readings.dropFirst()) {
      let gap = later.start.seconds - earlier.start.seconds
      #expect(gap >= 240 - 1e-6 && gap <= 600 + 1e-6)
    }
    // 2 days of 1440 min at 4 to 10 min apart: 288 to 720 readings.
    #expect(readings.count >= 288 && readings.count <= 720)
    #expect(data.samples.filter { $0.type == .restingHeartRate }.count == 2)
  }

  @Test("heart rate variability: 60 s readings 2 to 5 hours apart, day and night, around 50 ms")
  func heartRateVariability() {
    var plan = HealthPlan(days: 10)
    plan.habits.charging = []
    let data = generate(plan, days: utcDays(10))
    let readings = data.samples.filter { $0.type == .heartRateVariabilitySDNN }
      .sorted { $0.start < $1.start }
    // Worn all the time: no reading is skipped, so consecutive ones are 2 h (7200 s) to 5 h
    // (18 000 s) apart.
    for (earlier, later) in zip(readings, readings.dropFirst()) {
      let gap = later.start.seconds - earlier.start.seconds
      #expect(gap >= 7200 - 1e-6 && gap <= 18_000 + 1e-6)
    }
    // A 24 h day holds 24 / 5 = 4.8 → at least 4 and 24 / 2 = 12 at most (the clock starts
    // within 5 h of each midnight: the previous reading was before it).
    for day in 0..<10 {
      let start = SimulationInstant.seconds(Int64(day) * 86_400)
      let end = SimulationInstant.seconds(Int64(day + 1) * 86_400)
      let count = readings.filter { $0.start >= start && $0.start < end }.count
      #expect(count >= 4 && count <= 12, "day \(day): \(count) readings")
    }
    // Each from the watch, 60 s long, saved 120 s after it ends, in 0.1 ms steps.
    #expect(readings.allSatisfy { $0.source == 0 && seconds($0) == 60 })
    #expect(readings.allSatisfy { $0.savedAt == $0.end.advanced(by: .seconds(120)) })
    #expect(readings.allSatisfy { ($0.value * 10).rounded() == $0.value * 10 && $0.value >= 5 })
    // Night readings too (23:00 to 7:00, ± jitter: take 0:00 to 6:00 of each day).
    #expect(readings.contains { $0.start.seconds.truncatingRemainder(dividingBy: 86_400) < 21_600 })
    // 40 to 120 readings of 50 × (1 + 0.2 z): each has a spread of 10 ms, so their mean has at
    // most 10 / √40 ≈ 1.6 ms; 50 ± 5 is over three of those.
    let mean = readings.reduce(0) { $0 + $1.value } / Double(readings.count)
    #expect(mean > 45 && mean < 55)
  }

  @Test("heart rate variability follows the person's own SDNN; the other data does not change")
  func variabilityBaseline() {
    var plan = HealthPlan(days: 10)
    plan.habits.charging = []
    var fit = person
    fit.heartRateVariabilitySDNN = 80
    fit.respiratoryRate = 12
    let usual = generate(plan, days: utcDays(10))
    let other = HealthGenerator.generate(
      plan, seed: 7, person: fit, days: utcDays(10), deviceDays: utcDays(10), workouts: [])
    let readings = other.samples.filter { $0.type == .heartRateVariabilitySDNN }
    // 80 × (1 + 0.2 z): a spread of 16 ms; the mean of 40 or more within 80 ± 8 (over three
    // times 16 / √40 ≈ 2.5).
    let mean = readings.reduce(0) { $0 + $1.value } / Double(readings.count)
    #expect(mean > 72 && mean < 88)
    // The same draws: each reading is 80 / 50 = 1.6 times the usual one (before rounding to
    // 0.1 ms, so within 0.05 × 1.6 + 0.05 = 0.13 ms), at the same instants.
    let before = usual.samples.filter { $0.type == .heartRateVariabilitySDNN }
    #expect(before.map(\.start) == readings.map(\.start))
    for (old, new) in zip(before, readings) { #expect(abs(new.value - old.value * 1.6) < 0.131) }
    // Their own streams: every other sample is the same.
    let others: (HealthData) -> [HealthSample] = {
      $0.samples.filter { $0.type != .heartRateVariabilitySDNN && $0.type != .respiratoryRate }
    }
    #expect(others(usual) == others(other))
  }

  @Test("breathing rate: 60 s readings inside the watch's asleep stages, around 15.4 per minute")
  func breathingRate() {
    var plan = HealthPlan(days: 10)
    plan.habits.charging = []
    let data = generate(plan, days: utcDays(10))
    let stages = data.samples.filter { $0.type == .sleepAnalysis && $0.source == 0 }
    let readings = data.samples.filter { $0.type == .respiratoryRate }
      .sorted { $0.start < $1.start }
    // Each lies in one core (3), deep (4) or REM (5) stage of the watch and arrives with it.
    for reading in readings {
      let stage = stages.first { $0.start <= reading.start && reading.end <= $0.end }
      #expect(stage.map { $0.value >= 3 && $0.value <= 5 } == true)
      #expect(stage?.savedAt == reading.savedAt)
    }
    #expect(readings.allSatisfy { $0.source == 0 && seconds($0) == 60 })
    #expect(readings.allSatisfy { ($0.value * 10).rounded() == $0.value * 10 })
    // 11 nights (one before the first day) of 23:00 to 7:00 ± jitter, at least 7 h 25 min =
    // 445 min: a reading every 20 to 40 min after the first (within 30 min) gives at least
    // (445 − 30) / 40 = 10.4 → 10 slots and at most 8 h 35 min = 515 / 20 + 1 = 26; the awake
    // minutes (5 to 20 at the start, 1 to 4 now and then) drop a few: at least 8 a night.
    let nights = data.samples.filter { $0.type == .sleepAnalysis && $0.source == 1 }
    #expect(nights.count == 11)
    for night in nights {
      let count = readings.filter { $0.start >= night.start && $0.end <= night.end }.count
      #expect(count >= 8 && count <= 26, "\(count) readings in the night from \(night.start)")
    }
    // Consecutive readings of a night are at least 20 min (1200 s) apart.
    for (earlier, later) in zip(readings, readings.dropFirst()) {
      #expect(later.start.seconds - earlier.start.seconds >= 1200 - 1e-6)
    }
    // 15.4 × (1 + 0.05 z) a night (0.77 spread) + 0.5 z a reading: 11 nights' readings average
    // within 15.4 ± 1 (over four times 0.77 / √11 ≈ 0.23).
    let mean = readings.reduce(0) { $0 + $1.value } / Double(readings.count)
    #expect(mean > 14.4 && mean < 16.4)
  }

  @Test("without the watch: no heart rate variability, no breathing rate")
  func noWatchNoVitals() {
    var plan = HealthPlan(days: 3)
    plan.habits.wearsWatch = false
    let data = generate(plan, days: utcDays(3))
    #expect(!data.samples.contains { $0.type == .heartRateVariabilitySDNN })
    #expect(!data.samples.contains { $0.type == .respiratoryRate })
  }

  @Test("weekly workouts land on their weekday at their local time")
  func workoutSlots() {
    var plan = HealthPlan(days: 14)
    plan.workouts = [
      .init(weekday: 3, at: .seconds(18 * 3600), activity: .running, duration: .seconds(1800))
    ]
    // Days 0..13 from Monday 2026-03-02: Tuesdays are days 1 and 8.
    let slots = HealthGenerator.workoutSlots(of: plan, days: utcDays(14))
    #expect(slots.map(\.day) == [1, 8])
    // 18:00 = 64 800 s: 86 400 + 64 800 = 151 200 s and 8 × 86 400 + 64 800 = 756 000 s.
    let expected: [SimulationInstant] = [.seconds(151_200), .seconds(756_000)]
    #expect(slots.map(\.start) == expected)
  }
}

import WorkoutCore
import WorkoutSystem

/// The one home of the conversion between the app's `Date`s and virtual time, and of the
/// wall-clock rule (docs/swift-api.md#the-wall-clock-rule).
extension AppSimulation {
  /// How far from the real clock a date may lie and still be read as the app's `Date()`
  /// (shifted or kept from earlier): 400 days, past the 366-day ``horizon``, so
  /// `Date().addingTimeInterval(-30 * 86_400)` is read while `.distantFuture` is not.
  package static let wallClockReach: TimeInterval = 400 * 86_400

  /// Whether `date` is taken to be the app's real clock (`Date()`, a `Date()` kept from
  /// earlier, or one shifted by seconds) rather than a date on virtual time: it lies within
  /// ``wallClockReach`` of the real clock and nearer the real clock than virtual now
  /// (a project rule: docs/swift-api.md#the-wall-clock-rule). Virtual now itself never is.
  /// A date within ``freshReading`` of the real clock is one too, however near virtual now it
  /// lies.
  package func isWallClockLeak(_ date: Date, now: SimulationInstant) -> Bool {
    let fromReal = abs(date.timeIntervalSince(realNow))
    let fromVirtual = abs(date.timeIntervalSince(self.date(of: now)))
    return fromVirtual > 0 && fromReal <= Self.wallClockReach
      && (fromReal < fromVirtual || fromReal < Self.freshReading)
  }

  /// How near the real clock a date must lie to be taken for a `Date()` the app has just read
  /// whatever virtual now is: 0.1 s (a project rule, docs/swift-api.md#the-wall-clock-rule). In
  /// a scenario that starts `"now"`, virtual now at t = 0 is the real clock when the simulation
  /// was made, and a `Date()` read a few milliseconds after it, by a call that then waited for
  /// the simulation's lock, could lie nearer virtual now than the real clock the rule reads
  /// (a CI run saw 3.8 ms): it was then taken as a virtual date, 3.8 ms after t = 0, and a
  /// 20-minute workout from it lasted 1199.996 s.
  static let freshReading: TimeInterval = 0.1

  /// The instant a real-clock date stands for (``isWallClockLeak(_:now:)`` holds for it), the
  /// one home of the reading:
  /// 1. a date app code built by calendar arithmetic from the real clock: exactly a local
  ///    midnight (`Calendar.current.startOfDay(for: Date())`,
  ///    `calendar.date(from: DateComponents(year:month:day:))` of today, a day before or after):
  ///    the virtual local midnight as many whole days from virtual today as it is from the real
  ///    today (``virtualMidnight(of:now:)``); else any date on a whole second (18:00 yesterday as
  ///    `today - 6 h`, the next 00:20 of `nextDate(after: Date(), matching:)`) that the real
  ///    clock has not shown since the simulation was made: the same clock time on the virtual
  ///    day as many days from virtual today (``virtualClockTime(of:now:)``), whatever the real
  ///    time of day (``calendarInstant(of:in:)``; a project rule,
  ///    docs/swift-api.md#the-wall-clock-rule);
  /// 2. a date the real clock showed since the simulation was made (`let stopped = Date()` kept
  ///    and passed later): the instant virtual time was at when the real clock showed it
  ///    (``RealClockMarks``, `keptInstant`);
  /// 3. a date a whole number of seconds (to within a microsecond) from a date read by case 2 or
  ///    case 4 before (`start + 1800` after `start = Date() - 7200` was passed; `kept + 120`
  ///    after `kept = Date()` read at t = 0 was passed): that date's instant moved by as many
  ///    seconds, so dates derived from one `Date()` keep their distances however long the app's
  ///    code ran between passing them (a new user's trial: 0.5 s of real time between
  ///    `beginCollection(at: start)` and an activity from `start` put the activity a second
  ///    before the workout; another's: water at `kept + 120`, passed at t = 600, was stored at
  ///    720, `kept` being no base then). The bases are ``WallClockBases``;
  /// 4. any other (`Date().addingTimeInterval(-3600)`, `Date() + 60`): virtual now shifted by
  ///    the whole seconds it lies from the real clock now (`now - 3600`, `now + 60`), so the
  ///    milliseconds the test's own code took between reading the clock and passing the date do
  ///    not reach the run's bytes.
  ///
  /// The dates cases 2 and 4 read become bases of case 3 unless `keepingBase` is `false` (a
  /// getter's date: `elapsedTime(at: Date())`, which a timer reads many times a second, would
  /// push the app's kept dates out of the bases).
  package func wallClockInstant(_ date: Date, in state: State, keepingBase: Bool = true)
    -> SimulationInstant
  {
    if let day = calendarInstant(of: date, in: state) { return day }
    if let kept = keptInstant(date, in: state, keepingBase: keepingBase) { return kept }
    return derivedOrShiftedInstant(date, in: state, keepingBase: keepingBase)
  }

  /// A real-clock date the app passed to a call that keeps it for a later one, as the
  /// wall-clock rule read it when the app passed it (``holdAppDate(_:)``); ``restore(_:)``
  /// makes it a base of the rule's case 3 again just before the later call reads it.
  package struct HeldAppDate: Sendable {
    fileprivate let real: Double
    /// The instant the rule read the date as when the app passed it.
    package let instant: SimulationInstant
    fileprivate let kept: Bool
  }

  /// Reads `date` now, for a call that keeps the app's date and reads it later: a series
  /// builder's start date (`HKHeartbeatSeriesBuilder(healthStore:device:start:)`,
  /// `HKQuantitySeriesSampleBuilder(healthStore:quantityType:startDate:device:)`), which the
  /// store reads when the series is finished. The date is read by the rule's cases 2-4
  /// (``wallClockInstant(_:in:keepingBase:)``) as the app's `Date()` stood when it passed it,
  /// and kept as a base, so that `finishSeries` reads it (a whole number of seconds, zero,
  /// from that base) at the same instant however much real time the beats took (a project
  /// rule: docs/swift-api.md#the-wall-clock-rule). Read at `finishSeries` alone, `Date() - 300`
  /// was virtual now − 300 shifted by the real seconds between the builder and `finishSeries`:
  /// a loaded CI run stored a series 3 s early.
  ///
  /// - Returns: the reading to ``restore(_:)`` before the later call, or `nil` for a date on
  ///   virtual time or one of case 1 (a local midnight, a whole-second clock time: read by
  ///   whole days, the same later).
  package func holdAppDate(_ date: Date) -> HeldAppDate? {
    mutate { state in
      let now = state.session.now
      guard isWallClockLeak(date, now: now), calendarInstant(of: date, in: state) == nil else {
        return nil
      }
      let real = date.timeIntervalSinceReferenceDate
      if let kept = keptInstant(date, in: state, keepingBase: true) {
        return HeldAppDate(real: real, instant: kept, kept: true)
      }
      let instant = derivedOrShiftedInstant(date, in: state, keepingBase: true)
      return HeldAppDate(real: real, instant: instant, kept: false)
    }
  }

  /// Makes `held` (``holdAppDate(_:)``) the newest base of its kind again, as the app's later
  /// call is about to read its date: however many dates the app passed since, the rule reads
  /// it at the instant it stood for when it was passed. Nothing for `nil`.
  package func restore(_ held: HeldAppDate?) {
    guard let held else { return }
    wallClockBases.withLock { $0.keep(real: held.real, at: held.instant, kept: held.kept) }
  }

  /// Case 2 of ``wallClockInstant(_:in:keepingBase:)``: the instant virtual time was at when
  /// the real clock showed `date`, kept as a base of case 3 when `keepingBase`; `nil` when the
  /// real clock has not shown it yet or showed it before the simulation's oldest mark.
  private func keptInstant(_ date: Date, in state: State, keepingBase: Bool)
    -> SimulationInstant?
  {
    let real = date.timeIntervalSinceReferenceDate
    guard real <= realNow.timeIntervalSinceReferenceDate,
      let instant = state.realClock.instant(atReal: real)
    else { return nil }
    if keepingBase { wallClockBases.withLock { $0.keep(real: real, at: instant, kept: true) } }
    return instant
  }

  /// Cases 3 and 4 of ``wallClockInstant(_:in:keepingBase:)``: the instant of a base `date` is
  /// a whole number of seconds from, else virtual now shifted by the whole seconds `date` lies
  /// from the real clock, kept as a base when `keepingBase`.
  private func derivedOrShiftedInstant(_ date: Date, in state: State, keepingBase: Bool)
    -> SimulationInstant
  {
    let real = date.timeIntervalSinceReferenceDate
    return wallClockBases.withLock { bases in
      if let derived = bases.instant(derivedFrom: real) { return derived }
      let realNow = self.realNow.timeIntervalSinceReferenceDate
      let instant = state.session.now.advanced(by: .seconds(Int64((real - realNow).rounded())))
      if keepingBase { bases.keep(real: real, at: instant, kept: false) }
      return instant
    }
  }

  /// The instant a query's bound that the app passed stands for: `instant`, the bound as
  /// ``readAppDates(_:call:framework:session:reportAs:in:)`` read `date`, or one nanosecond
  /// after it when `date` is the app's real clock read by the wall-clock rule's reading, derived
  /// or shifted cases (`Date()`, a `Date()` kept from earlier, `Date() - 300`; not a local
  /// midnight nor another date of case 1: no reading of the clock). The app reads its clock after what happened at the instant it reads it at: on a
  /// device a sample saved at `Date()`, or a workout's last heart-rate reading, was made before
  /// the `Date()` the app then queries up to, and "the last five minutes" from `Date() - 300`
  /// begins after the reading made five minutes before. So a bound at the reading takes what
  /// started at its instant as an end and leaves out what ended at it as a start; nothing
  /// happens between an instant and the next nanosecond (a project rule:
  /// docs/swift-api.md#the-wall-clock-rule). The dates of the samples, workouts and
  /// collections the app makes keep the instant.
  package func boundInstant(_ instant: SimulationInstant, of date: Date, in state: State)
    -> SimulationInstant
  {
    let now = state.session.now
    guard isWallClockLeak(date, now: now), calendarInstant(of: date, in: state) == nil
    else { return instant }
    return instant.advanced(by: .nanoseconds(1))
  }

  /// The virtual local midnight a real-clock date that is exactly a local midnight stands for,
  /// or `nil` when `date` is no midnight.
  ///
  /// A midnight of the process's calendar (`Calendar.current`, what app code calls
  /// `startOfDay(for: Date())` on), else of the simulation's ``calendar``, `n` whole days from the
  /// real today's midnight in that calendar, is the midnight of ``calendar`` `n` days from
  /// virtual today: "today from midnight" is virtual today whatever the real time of day (a
  /// project rule, as the activity summary's days are read by whole days;
  /// docs/swift-api.md#the-wall-clock-rule).
  package func virtualMidnight(of date: Date, now: SimulationInstant) -> SimulationInstant? {
    let realNow = self.realNow
    for real in [Calendar.current, calendar] where real.startOfDay(for: date) == date {
      guard
        let days = real.dateComponents(
          [.day], from: real.startOfDay(for: realNow), to: date
        ).day,
        let midnight = calendar.date(
          byAdding: .day, value: days, to: calendar.startOfDay(for: self.date(of: now)))
      else { continue }
      return instant(of: midnight, near: now)
    }
    return nil
  }

  /// Case 1 of ``wallClockInstant(_:in:keepingBase:)``: the instant a real-clock date that app
  /// code built by calendar arithmetic stands for, a local midnight
  /// (``virtualMidnight(of:now:)``) or another whole-minute clock time
  /// (``virtualClockTime(of:now:)``) that the real clock has not shown since the simulation was
  /// made; `nil` for any other date (a reading of the clock). A whole-second date the real clock
  /// showed since then is case 2's: a `Date()` the app cut to the second (an ISO 8601 round trip,
  /// `JSONEncoder`'s `.iso8601`) is read as the instant the clock showed it, not as a clock
  /// time of the virtual day (a project rule, docs/swift-api.md#the-wall-clock-rule).
  package func calendarInstant(of date: Date, in state: State) -> SimulationInstant? {
    let now = state.session.now
    if let midnight = virtualMidnight(of: date, now: now) { return midnight }
    let real = date.timeIntervalSinceReferenceDate
    if real <= realNow.timeIntervalSinceReferenceDate, state.realClock.instant(atReal: real) != nil
    {
      return nil
    }
    return virtualClockTime(of: date, now: now)
  }

  /// How near a whole minute (since the reference date, itself on a whole minute of every
  /// zone's clock, whose offsets are whole minutes) a date must lie to be taken for a clock time
  /// app code built by calendar arithmetic (``virtualClockTime(of:now:)``): 1 µs, past the error
  /// of `Date`'s `Double` near today (0.1 µs), as ``WallClockBases`` judges whole seconds. A
  /// `Date()` reading lies so by chance once in 60 000 000, one truncated to whole Unix seconds
  /// once in 60 (documented limits; whole seconds took every truncated reading shifted by an
  /// hour for a clock time).
  static let wholeMinuteTolerance: TimeInterval = 1e-6

  /// The virtual instant a real-clock date on a whole second stands for: the date app code built
  /// from the real clock by calendar arithmetic (`calendar.date(byAdding: .hour, value: -6,
  /// to: calendar.startOfDay(for: Date()))`, `calendar.nextDate(after: Date(), matching:
  /// DateComponents(hour: 0, minute: 20), matchingPolicy: .nextTime)`, `date(bySettingHour:)`),
  /// meaning a clock time of a day near today, not a distance from now; `nil` for a date off a
  /// whole minute (``wholeMinuteTolerance``): a `Date()` reading, kept, shifted or derived, has
  /// a sub-second part, and one truncated to whole seconds is a whole minute once in 60.
  ///
  /// Its day and clock time are read in the process's calendar (`Calendar.current`, what app
  /// code calls `startOfDay(for: Date())` and `nextDate(after:matching:)` on, as the device's
  /// own calendar): the day `n` whole days from the real today, at hour, minute and second
  /// `h:m:s`, is `h:m:s` on the day of ``calendar`` (the simulation's zone, the device's) `n`
  /// days from virtual today: what the app meant is local time on the device, and the local
  /// day and time it gets do not move with the hour the test runs at (a project rule,
  /// docs/swift-api.md#the-wall-clock-rule). A clock time the virtual day does not have (a
  /// spring-forward gap) is the next one it has; one it has twice (autumn) is the first, as
  /// `Calendar.date(bySettingHour:minute:second:of:)` reads them. A midnight of the simulation's
  /// zone that is none of the process's is ``virtualMidnight(of:now:)``'s, read first.
  package func virtualClockTime(of date: Date, now: SimulationInstant) -> SimulationInstant? {
    let seconds = date.timeIntervalSinceReferenceDate
    let whole = (seconds / 60).rounded() * 60
    guard abs(seconds - whole) <= Self.wholeMinuteTolerance else { return nil }
    let real = Calendar.current
    let exact = Date(timeIntervalSinceReferenceDate: whole)
    let clock = real.dateComponents([.hour, .minute, .second], from: exact)
    guard
      let hour = clock.hour, let minute = clock.minute, let second = clock.second,
      let days = real.dateComponents(
        [.day], from: real.startOfDay(for: realNow), to: real.startOfDay(for: exact)
      ).day,
      let day = calendar.date(
        byAdding: .day, value: days, to: calendar.startOfDay(for: self.date(of: now))),
      let virtual = calendar.date(
        bySettingHour: hour, minute: minute, second: second, of: day,
        matchingPolicy: .nextTime, repeatedTimePolicy: .first, direction: .forward)
    else { return nil }
    return instant(of: virtual, near: now)
  }

  /// The virtual day that date components naming a whole day (`year`, `month` and `day`)
  /// stand for when the app built them from the real clock, read by whole days as rule 1 reads
  /// a local midnight (a project rule, docs/swift-api.md#the-wall-clock-rule); `nil` for
  /// components without a whole day or of a day on virtual time.
  ///
  /// Their day `D` is judged by whole days in `calendar` against the real today `R` and the
  /// virtual today `V`, never by the real time of day (a noon judged against the real clock was
  /// flagged or not by the hour the test ran: a `"start": "now"` run begun at real 10:00 and at
  /// virtual 15:00 flagged its own virtual today). `D` is a real-clock day when:
  /// - `D` is not `V` (virtual today is never the real clock's, whatever `R` is);
  /// - `D` lies within ``wallClockReach`` of `R` (400 whole days);
  /// - `D` is `R`, or `D` is fewer whole days from `R` than from `V` and is no day the virtual
  ///   clock has been at in the run (from the day of `t = 0` through `V`): the real today that
  ///   is not the virtual one is always the real clock's; a day virtual time has passed through
  ///   is on virtual time.
  ///
  /// Such components name the day (in `virtualCalendar`, else `calendar`) as many whole days
  /// from `V` as `D` is from `R`: "tomorrow 07:00" of
  /// `Calendar.current.dateComponents([.year, .month, .day], from: Date() + 86_400)` is the
  /// virtual tomorrow.
  package func virtualDay(
    of components: DateComponents, in calendar: Calendar, virtualCalendar: Calendar? = nil,
    now: SimulationInstant
  ) -> DateComponents? {
    guard let noon = Self.noon(of: components, in: calendar) else { return nil }
    let day = calendar.startOfDay(for: noon)
    func days(from date: Date) -> Int? {
      calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: day).day
    }
    guard let fromReal = days(from: realNow), let fromVirtual = days(from: date(of: now)),
      let fromStart = days(from: startDate), fromVirtual != 0,
      Double(abs(fromReal)) * 86_400 <= Self.wallClockReach
    else { return nil }
    let passed = fromStart >= 0 && fromVirtual <= 0
    guard fromReal == 0 || (abs(fromReal) < abs(fromVirtual) && !passed) else { return nil }
    let virtual = virtualCalendar ?? calendar
    guard
      let moved = virtual.date(
        byAdding: .day, value: fromReal, to: virtual.startOfDay(for: date(of: now)))
    else { return nil }
    return virtual.dateComponents([.year, .month, .day], from: moved)
  }

  /// The noon of the day `components` name in `calendar`, or `nil` without a whole day.
  private static func noon(of components: DateComponents, in calendar: Calendar) -> Date? {
    guard components.year != nil, components.month != nil, components.day != nil else {
      return nil
    }
    var noon = components
    noon.hour = 12
    noon.minute = 0
    noon.second = 0
    noon.nanosecond = nil
    return calendar.date(from: noon)
  }

  /// Date components the app passed to `call` (a calendar notification trigger's), read by the
  /// wall-clock rule (a project rule, docs/swift-api.md#the-wall-clock-rule): components naming
  /// a whole day built from the real clock (``virtualDay(of:in:virtualCalendar:now:)``: their
  /// day judged in `calendar`, the app's, against the real today; the virtual day in
  /// `virtualCalendar`, the device's) are moved to the virtual day they stand for, their time of day kept (`weekday`, if given, is
  /// the new day's), with one `wallClockDate` log entry naming `call`; with
  /// ``Options/strictDates`` the refusal is reported instead
  /// (``refuseStrictDates(_:call:framework:session:reportAs:in:)``: the run's errors, a
  /// `strictDate` report) and the components are read all the same, as a call with no error
  /// path reads its dates. Any other components are returned as given.
  package func readAppDateComponents(
    _ components: DateComponents, in calendar: Calendar, virtualCalendar: Calendar,
    call: String, framework: AppDateFramework, in state: inout State
  ) -> DateComponents {
    guard
      let moved = virtualDateComponents(
        components, in: calendar, virtualCalendar: virtualCalendar, now: state.session.now)
    else { return components }
    if refuseRealClockDate(call: call, framework: framework, in: &state) == nil {
      state.session.withEngine { $0.logWallClockDate(action: call, session: nil) }
    }
    return moved
  }

  /// `components` moved to the virtual day ``virtualDay(of:in:virtualCalendar:now:)`` reads
  /// their day as, their time of day kept (`weekday`, if given, the new day's; `era` dropped),
  /// or `nil` when their day is not the real clock's: the reading of
  /// ``readAppDateComponents(_:in:virtualCalendar:call:framework:in:)`` without its log entry or report (for a
  /// getter: `UNCalendarNotificationTrigger.nextTriggerDate()`).
  package func virtualDateComponents(
    _ components: DateComponents, in calendar: Calendar, virtualCalendar: Calendar,
    now: SimulationInstant
  ) -> DateComponents? {
    guard
      let day = virtualDay(
        of: components, in: calendar, virtualCalendar: virtualCalendar, now: now)
    else { return nil }
    var moved = components
    moved.era = nil
    moved.year = day.year
    moved.month = day.month
    moved.day = day.day
    if components.weekday != nil {
      moved.weekday = virtualCalendar.date(from: day).map {
        virtualCalendar.component(.weekday, from: $0)
      }
    }
    return moved
  }

  /// The message of the `invalidArgument` error that ``Options/strictDates`` makes of a
  /// real-clock date passed to `call` (a project rule: docs/swift-api.md#the-wall-clock-rule).
  package static func strictDatesMessage(call: String) -> String {
    "The date passed to \(call) is the real wall clock (Date()), not the simulation's virtual time; pass simulation.now or a date derived from it: have the app's code read now from a clock the test sets to simulation.now (a now: () -> Date whose default is { Date() }, as Examples/FitnessTracker's AppClock) (strict dates)"
  }

  /// The error ``Options/strictDates`` makes of `dates`, passed to `call`: an `invalidArgument`
  /// naming `call` when the option is set and any of them ``isWallClockLeak(_:now:)``, else
  /// `nil`; reported in the run's errors and log under `action` (by default
  /// ``ErrorReport/Call/appDate(_:)`` of `framework` and `call`, with the error the framework
  /// gives the app: ``AppDateFramework/refusal(message:)``), for `session`, and as a
  /// ``Report/Kind-swift.enum/strictDate`` report of `framework` naming `call` (written to
  /// standard error, recorded as the test's issue by the `.simulation` trait and XCTest's
  /// `simulate`), so that no refusal passes silently: not one a call has no error path for,
  /// nor one the app swallows (a project rule: docs/swift-api.md#the-wall-clock-rule). For a
  /// call that checks its dates before it reads them (a query at `execute`, `save`).
  package func refuseStrictDates(
    _ dates: [Date], call: String, framework: AppDateFramework = .healthKit, session: Int? = nil,
    reportAs action: ErrorReport.Call? = nil, in state: inout State
  ) -> WorkoutError? {
    let now = state.session.now
    guard dates.contains(where: { isWallClockLeak($0, now: now) }) else { return nil }
    return refuseRealClockDate(
      call: call, framework: framework, session: session, reportAs: action, in: &state)
  }

  /// The refusal of ``refuseStrictDates(_:call:framework:session:reportAs:in:)`` for a date
  /// (or date components) already judged to be the real clock's: `nil` without
  /// ``Options/strictDates``.
  private func refuseRealClockDate(
    call: String, framework: AppDateFramework, session: Int? = nil,
    reportAs action: ErrorReport.Call? = nil, in state: inout State
  ) -> WorkoutError? {
    guard options.contains(.strictDates) else { return nil }
    let now = state.session.now
    let message = Self.strictDatesMessage(call: call)
    let error = WorkoutError.invalidArgument(message)
    // Recorded with the error the app gets from `framework` (CMErrorDomain 107 for Core
    // Motion, ...): docs/run-result.md#errors.
    state.session.withEngine {
      $0.reportAPIError(
        framework.refusal(message: message),
        call: action ?? .appDate(AppDateCall(framework, call)), session: session)
    }
    let made = Report(
      kind: .strictDate, framework: framework.rawValue, call: call, date: date(of: now),
      seconds: now.seconds, message: message)
    for report in keep([made], throwing: false, in: &state) { Self.writeToStandardError(report) }
    return error
  }

  /// The instants of the dates the app passed to `call`, the one reading every simulated
  /// framework gives an app's dates (a project rule: docs/swift-api.md#the-wall-clock-rule):
  /// a date ``isWallClockLeak(_:now:)`` calls the real clock is read by
  /// ``wallClockInstant(_:in:keepingBase:)`` (in the order `readInstants` gives), with one
  /// `wallClockDate` log entry naming `call` (for `session`) however many were
  /// (docs/run-result.md#log); any other is ``instant(of:near:)`` near virtual now.
  ///
  /// - Returns: the instants; with ``Options/strictDates``, when any date is the real clock,
  ///   the `invalidArgument` error ``strictDatesMessage(call:)``, reported in the run's errors
  ///   and log under `action` (``refuseStrictDates(_:call:framework:session:reportAs:in:)``), for the
  ///   caller to report the way `call` reports errors.
  package func readAppDates(
    _ dates: [Date], call: String, framework: AppDateFramework = .healthKit, session: Int? = nil,
    reportAs action: ErrorReport.Call? = nil, in state: inout State
  ) -> Result<[SimulationInstant], WorkoutError> {
    let now = state.session.now
    let leaks = dates.map { isWallClockLeak($0, now: now) }
    guard leaks.contains(true) else { return .success(dates.map { instant(of: $0, near: now) }) }
    if let error = refuseStrictDates(
      dates, call: call, framework: framework, session: session, reportAs: action, in: &state)
    {
      return .failure(error)
    }
    state.session.withEngine { $0.logWallClockDate(action: call, session: session) }
    return .success(readInstants(dates, leaks: leaks, in: state))
  }

  /// The instants of one call's `dates` (`leaks`: which ``isWallClockLeak(_:now:)`` calls
  /// the real clock): a real-clock date by ``wallClockInstant(_:in:keepingBase:)``, any other by
  /// ``instant(of:near:)`` near virtual now.
  ///
  /// The dates the real clock showed since the simulation was made (the rule's case 2) are read
  /// first, then the others in the order given, so a date derived from a kept `Date()` finds it
  /// as its base wherever the call has it (`HKQuantitySample(start: kept - 60, end: kept)`; a
  /// project rule: docs/swift-api.md#the-wall-clock-rule).
  ///
  /// The real-clock dates of one call keep their order (a project rule:
  /// docs/swift-api.md#the-wall-clock-rule): where the rule's cases would put a later one at an
  /// earlier instant (a date kept from before the simulation was made is read as a shift of
  /// virtual now, one read after it as the instant the real clock showed it at, so a series
  /// begun at `Date() - 10` ended 8.5 s later read as ending 590 s before it began when the
  /// calls between took longer than 8.5 s of real time), the later one stands its real distance
  /// after the earlier one's instant, to the nanosecond. A date of case 1 (a local midnight, a
  /// whole-second clock time) is left as read.
  private func readInstants(_ dates: [Date], leaks: [Bool], in state: State)
    -> [SimulationInstant]
  {
    let now = state.session.now
    let midnights = dates.indices.map {
      leaks[$0] ? calendarInstant(of: dates[$0], in: state) : nil
    }
    let kept = dates.indices.map { index -> SimulationInstant? in
      guard leaks[index], midnights[index] == nil else { return nil }
      return keptInstant(dates[index], in: state, keepingBase: true)
    }
    var read = dates.indices.map { index in
      guard leaks[index] else { return instant(of: dates[index], near: now) }
      return midnights[index] ?? kept[index]
        ?? derivedOrShiftedInstant(dates[index], in: state, keepingBase: true)
    }
    let real = dates.indices.filter { leaks[$0] && midnights[$0] == nil }
      .sorted { dates[$0] < dates[$1] }
    for (earlier, later) in zip(real, real.dropFirst()) where read[later] < read[earlier] {
      let distance = dates[later].timeIntervalSince(dates[earlier])
      read[later] = read[earlier].advanced(by: .nanoseconds(Int64((distance * 1e9).rounded())))
    }
    return read
  }

  /// The instant of one date the app passed to `call`: ``readAppDates(_:call:framework:session:reportAs:in:)``
  /// of `[date]`.
  package func readAppDate(
    _ date: Date, call: String, framework: AppDateFramework = .healthKit, session: Int? = nil,
    reportAs action: ErrorReport.Call? = nil, in state: inout State
  ) -> Result<SimulationInstant, WorkoutError> {
    readAppDates(
      [date], call: call, framework: framework, session: session, reportAs: action, in: &state
    ).map { $0[0] }
  }

  /// ``readAppDate(_:call:framework:session:reportAs:in:)`` under the simulation's lock, for a framework
  /// that holds no lock of its own there.
  package func readAppDate(_ date: Date, call: String, framework: AppDateFramework = .healthKit)
    -> Result<SimulationInstant, WorkoutError>
  {
    mutate { state in readAppDate(date, call: call, framework: framework, in: &state) }
  }

  /// ``readAppDates(_:call:framework:session:reportAs:in:)`` as dates: a real-clock date becomes the
  /// virtual date it stands for, any other is kept as given, to the bit (for a framework that
  /// compares the app's dates with its own or hands them back, such as
  /// `CMPedometerData.startDate` or a collection's bucket edges).
  package func readAppDatesOnVirtualTime(
    _ dates: [Date], call: String, framework: AppDateFramework = .healthKit, in state: inout State
  ) -> Result<[Date], WorkoutError> {
    let now = state.session.now
    let leaks = dates.map { isWallClockLeak($0, now: now) }
    return readAppDates(dates, call: call, framework: framework, in: &state).map { instants in
      dates.indices.map { leaks[$0] ? date(of: instants[$0]) : dates[$0] }
    }
  }

  /// ``readAppDatesOnVirtualTime(_:call:framework:in:)`` under the simulation's lock.
  package func readAppDatesOnVirtualTime(
    _ dates: [Date], call: String, framework: AppDateFramework = .healthKit
  ) -> Result<[Date], WorkoutError> {
    mutate { state in
      readAppDatesOnVirtualTime(dates, call: call, framework: framework, in: &state)
    }
  }

  /// ``readAppDates(_:call:framework:session:reportAs:in:)`` for a call that cannot fail (or
  /// whose dates were checked before: a query's predicate at `execute`): with
  /// ``Options/strictDates`` real-clock dates, their refusal reported in the run's errors and
  /// log and as a ``Report/Kind-swift.enum/strictDate`` report, are read by the rule all the
  /// same (``wallClockInstant(_:in:keepingBase:)``, without a `wallClockDate` entry).
  package func readAppDatesCannotFail(
    _ dates: [Date], call: String, framework: AppDateFramework = .healthKit, in state: inout State
  ) -> [SimulationInstant] {
    switch readAppDates(dates, call: call, framework: framework, in: &state) {
    case .success(let read): return read
    case .failure:
      let now = state.session.now
      return readInstants(dates, leaks: dates.map { isWallClockLeak($0, now: now) }, in: state)
    }
  }

  /// ``readAppDatesOnVirtualTime(_:call:framework:in:)`` for a call that cannot fail (a method without an
  /// error path: `HKStatisticsCollection.enumerateStatistics(from:to:with:)`, a widget's
  /// timeline): with ``Options/strictDates`` real-clock dates, their error reported in the
  /// run's errors and log, are read by the rule all the same.
  package func readAppDatesOnVirtualTimeCannotFail(
    _ dates: [Date], call: String, framework: AppDateFramework = .healthKit, in state: inout State
  ) -> [Date] {
    switch readAppDatesOnVirtualTime(dates, call: call, framework: framework, in: &state) {
    case .success(let read): return read
    case .failure:
      let now = state.session.now
      let leaks = dates.map { isWallClockLeak($0, now: now) }
      let read = readInstants(dates, leaks: leaks, in: state)
      return dates.indices.map { leaks[$0] ? date(of: read[$0]) : dates[$0] }
    }
  }

  /// ``readAppDatesOnVirtualTimeCannotFail(_:call:framework:in:)`` under the simulation's lock.
  package func readAppDatesOnVirtualTimeCannotFail(
    _ dates: [Date], call: String, framework: AppDateFramework = .healthKit
  ) -> [Date] {
    mutate { state in
      readAppDatesOnVirtualTimeCannotFail(dates, call: call, framework: framework, in: &state)
    }
  }

  /// The instant of a date the app passed to the HealthKit method `call` (for `session`),
  /// read by ``readAppDate(_:call:framework:session:reportAs:in:)``: `nil` is virtual now; with
  /// ``Options/strictDates`` a real-clock date is an `invalidArgument` error naming `call`,
  /// reported in the run's errors and log for `action`, the engine's call (`start`, `stop`,
  /// `addEvent`, ...) that the engine's own errors of the same call carry. The calls:
  /// `startActivity`, `stopActivity`, `beginCollection`, `endCollection`, `addWorkoutEvents`,
  /// `elapsedTime` (docs/run-result.md#log).
  ///
  /// - Returns: the instant, or the error to report the way the call reports errors.
  package func appInstant(
    _ date: Date?, call: String, action: ErrorReport.Call, session: Int?, in state: inout State
  ) -> Result<SimulationInstant, WorkoutError> {
    guard let date else { return .success(state.session.now) }
    return readAppDate(date, call: call, session: session, reportAs: action, in: &state)
  }
}

/// The real clock's readings at the instants virtual time reached, oldest first: the map from
/// a `Date()` the app kept to the instant it was read at (``AppSimulation/wallClockInstant(_:in:keepingBase:)``).
///
/// Virtual time moves only inside `advance`, and app code woken at an instant runs there before
/// time moves on, so a `Date()` read by the app falls between the mark of its instant and the
/// next. The newest 65 536 marks are kept (1 MB); a date older than the oldest is read by the
/// rule's later cases (derived from a base, else a shifted `Date()`).
package struct RealClockMarks: Sendable {
  /// Seconds since the reference date of each mark, ascending.
  private var reals: [Double] = []
  /// The instant of each mark.
  private var instants: [SimulationInstant] = []
  /// Marks kept before the older half is dropped.
  private static let capacity = 65_536

  package init() {}

  /// Virtual time reached `instant` when the real clock showed `real` (seconds since the
  /// reference date). A mark for the instant already marked last is not repeated.
  package mutating func mark(_ instant: SimulationInstant, real: Double) {
    if instants.last == instant { return }
    if reals.count == 2 * Self.capacity {
      reals.removeFirst(Self.capacity)
      instants.removeFirst(Self.capacity)
    }
    // The real clock can step back (NTP); the marks stay ordered.
    reals.append(max(real, reals.last ?? real))
    instants.append(instant)
  }

  /// The instant virtual time was at when the real clock showed `real`, or `nil` before the
  /// oldest mark.
  package func instant(atReal real: Double) -> SimulationInstant? {
    var low = 0
    var high = reals.count
    while low < high {
      let middle = (low + high) / 2
      if reals[middle] <= real { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? nil : instants[low - 1]
  }
}

/// The bases of the wall-clock rule's case 3 (``AppSimulation/wallClockInstant(_:in:keepingBase:)``):
/// the app's real-clock dates that case 2 read (kept `Date()`s: the instant virtual time was at
/// when the real clock showed them) and that case 4 read (shifted `Date()`s), each with the
/// instant it was read as, so that a date a whole number of seconds from one of them is read
/// that many seconds from its instant (a project rule: docs/swift-api.md#the-wall-clock-rule).
///
/// The newest 64 of each kind are kept (128 at most, 2 KB), apart so that a burst of fresh
/// `Date()`s passed (a sample saved at `Date()` in a loop) does not push a shifted reading out;
/// a date kept again (`kept` passed to a third call) moves to the newest of its kind rather than
/// taking a second place. A date derived from one that was pushed out is read by the rule's
/// other cases (a shift of virtual now, unless another base or the real clock's marks read it).
package struct WallClockBases: Sendable {
  /// One base: seconds since the reference date of a date the rule read, and its instant.
  private struct Base: Sendable {
    var real: Double
    var instant: SimulationInstant
  }

  /// The dates case 2 read, newest last.
  private var kept: [Base] = []
  /// The dates case 4 read, newest last.
  private var shifted: [Base] = []
  /// Bases kept of each kind before the oldest of that kind is dropped.
  package static let capacity = 64

  package init() {}

  /// The rule read the date `real` seconds after the reference date as `instant`, by case 2
  /// (`kept`) or case 4.
  package mutating func keep(real: Double, at instant: SimulationInstant, kept: Bool) {
    if kept {
      Self.keep(Base(real: real, instant: instant), in: &self.kept)
    } else {
      Self.keep(Base(real: real, instant: instant), in: &shifted)
    }
  }

  private static func keep(_ base: Base, in bases: inout [Base]) {
    bases.removeAll { $0.real == base.real }
    if bases.count == capacity { bases.removeFirst() }
    bases.append(base)
  }

  /// The instant of the date `real` seconds after the reference date when it lies a whole
  /// number of seconds (to within a microsecond: `kept + 120` is within half a `Date`'s
  /// resolution, 0.06 µs, of the whole seconds) from a base: that base's instant moved by as
  /// many seconds; `nil` when it lies so from none.
  ///
  /// Of two bases it lies so from, the nearer one wins (fewer whole seconds away: a date is
  /// derived from a reading minutes or hours away, and a base it matches only by chance, one
  /// real date in about 500 000 for each base, is as likely anywhere); between two as near, a
  /// kept date before a shifted one (its instant is exact, a shifted one's is rounded to whole
  /// seconds of real time), then the newer (a project rule: docs/swift-api.md#the-wall-clock-rule).
  package func instant(derivedFrom real: Double) -> SimulationInstant? {
    var best: (whole: Double, instant: SimulationInstant)?
    for base in kept.reversed() + shifted.reversed() {
      let offset = real - base.real
      let whole = offset.rounded()
      guard abs(offset - whole) <= 1e-6, abs(whole) < abs(best?.whole ?? .infinity) else {
        continue
      }
      best = (whole, base.instant.advanced(by: .seconds(Int64(whole))))
    }
    return best?.instant
  }
}

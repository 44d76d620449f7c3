/// The phone link in the engine (docs/phone-link.md): the reads the Swift door's `WCSession`
/// properties make, and the link and world actions.
extension WorkoutEngine {
  // MARK: - Reads

  /// `device`'s `WCSession.activationState` raw value: 0 `notActivated`, 2 `activated`
  /// (https://developer.apple.com/documentation/watchconnectivity/wcsessionactivationstate).
  public func linkActivationState(_ device: CompanionDevice) -> Int { 0 }

  /// `device`'s `WCSession.isReachable`
  /// (https://developer.apple.com/documentation/watchconnectivity/wcsession/isreachable).
  public func linkIsReachable(_ device: CompanionDevice) -> Bool { false }

  /// Whether the watch and the phone are connected: in Bluetooth range or on the same Wi-Fi
  /// network (used by mirroring and HealthKit sync).
  public var linkIsConnected: Bool { true }

  /// `WCSession.isPaired` (phone side).
  public var linkPaired: Bool { linkState.paired }
  /// `WCSession.isWatchAppInstalled` (phone side).
  public var linkWatchAppInstalled: Bool { linkState.watchAppInstalled }
  /// `WCSession.isComplicationEnabled` (phone side).
  public var linkComplicationEnabled: Bool { linkState.complicationEnabled }

  /// `WCSession.remainingComplicationUserInfoTransfers` (phone side): 0 while the complication
  /// is not enabled
  /// (https://developer.apple.com/documentation/watchconnectivity/wcsession/remainingcomplicationuserinfotransfers).
  public var remainingComplicationUserInfoTransfers: Int {
    linkState.complicationEnabled ? configuration.link.complicationBudget : 0
  }

  /// `device`'s outstanding user-info (and complication user-info) and file transfers: queued,
  /// neither delivered nor cancelled, in send order.
  public func outstandingTransfers(from device: CompanionDevice) -> [(
    transfer: Int, kind: LinkTransferKind
  )] { [] }

  /// The phone app's state.
  public var phoneAppState: PhoneAppState { linkState.phoneApp }

  /// The transfer number the last accepted (or immediately failed) send got; 0 before any.
  public var lastTransferNumber: Int { linkState.lastTransfer }

  // MARK: - Actions

  /// Performs a link call (``AppAction/link(_:)``).
  mutating func linkOperation(_ operation: LinkOperation, at date: SimulationInstant) {}

  /// Performs a world action (``AppAction/phone(_:)``).
  mutating func phoneAction(_ action: PhoneAction, at date: SimulationInstant) {}
}

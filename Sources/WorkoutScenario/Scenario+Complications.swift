extension Scenario {
  /// The app's complications on the watch face (WidgetKit accessory widgets on watchOS) and
  /// their reload budget: the `watch` keys `complications` and `complicationReloadBudget`
  /// (docs/scenario-format.md#the-watch). Without them: none installed, 50 reloads a day.
  public struct Complications: Sendable, Equatable {
    /// `complications`: the complications on the watch face, in order, each a kind in an
    /// accessory family (`accessoryCircular`, `accessoryRectangular`, `accessoryInline`,
    /// `accessoryCorner`).
    public var widgets: [Phone.Widget] = []
    /// `complicationReloadBudget`: the timeline reloads each complication gets per local day
    /// (1 to 1000; default 50). A project rule: Apple documents no figure for the watch (the
    /// phone's "40 to 70" is for widgets, https://developer.apple.com/documentation/widgetkit/keeping-a-widget-up-to-date);
    /// 50 is the daily count Apple gives the complication's pushes from the phone
    /// (https://developer.apple.com/documentation/watchconnectivity/wcsession/remainingcomplicationuserinfotransfers).
    public var reloadBudget: Int = 50

    /// The defaults.
    public init() {}
  }
}

extension Report {
  /// The page's style sheet: colours as custom properties, a light scheme, a dark one under
  /// `prefers-color-scheme: dark`, and print rules (light colours, no page break inside a
  /// chart). The heart-rate zone bands carry their own fills (`HeartRateZone.colors`) at low
  /// opacity, readable on both backgrounds.
  static let css = """
    :root { color-scheme: light dark; --bg: #ffffff; --fg: #1d1d1f; --muted: #5f6368;
      --grid: #dadce0; --plot: #fbfbfd; --hr: #e0245e; --rec: #202124; --model: #6d4aff;
      --speed: #0a6ed1; --cadence: #188038; --power: #c5221f; --elev: #8d5524; --raw: #9aa0a6;
      --energy: #e37400; --route: #0a6ed1; --paused: rgba(95, 99, 104, 0.22); --lap: #5f6368;
      --marker: #6d4aff; --error: #d93025; --running: #34a853; --pausedState: #fbbc04;
      --stopped: #9aa0a6; --idle: #dadce0; }
    @media (prefers-color-scheme: dark) {
      :root { --bg: #121316; --fg: #e8eaed; --muted: #9aa0a6; --grid: #3c4043;
        --plot: #1a1b1f; --hr: #ff5c8a; --rec: #f1f3f4; --model: #a78bfa; --speed: #5ab0ff;
        --cadence: #5bd27a; --power: #ff7a70; --elev: #d7a86e; --raw: #80868b;
        --energy: #ffb74d; --route: #5ab0ff; --paused: rgba(154, 160, 166, 0.25);
        --lap: #9aa0a6; --marker: #a78bfa; --error: #ff6b5e; --running: #5bd27a;
        --pausedState: #fdd663; --stopped: #80868b; --idle: #3c4043; }
    }
    * { box-sizing: border-box; }
    body { margin: 0 auto; max-width: 1000px; padding: 16px 20px; background: var(--bg);
      color: var(--fg); font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; }
    h1 { font-size: 22px; margin: 0 0 4px; }
    h2 { font-size: 18px; margin: 28px 0 2px; border-top: 1px solid var(--grid); padding-top: 12px; }
    .meta, footer, .marks { color: var(--muted); margin: 2px 0 8px; }
    figure { margin: 6px 0 0; break-inside: avoid; }
    figcaption { font-weight: 600; font-size: 13px; }
    .key { font-weight: 400; color: var(--muted); margin-left: 10px; white-space: nowrap; }
    .swatch { display: inline-block; width: 18px; height: 3px; vertical-align: middle;
      margin-right: 4px; background: currentColor; }
    .zone { display: inline-block; min-width: 16px; text-align: center; color: #fff;
      border-radius: 3px; font-size: 11px; }
    svg.chart { display: block; width: 100%; height: auto; }
    svg.map { display: block; width: 100%; max-width: 440px; height: auto; }
    svg .plot { fill: var(--plot); }
    svg .frame { fill: none; stroke: var(--grid); }
    svg .grid { stroke: var(--grid); stroke-width: 0.6; fill: none; }
    svg text { fill: var(--muted); font-size: 11px; }
    svg text.state { fill: #202124; font-size: 11px; }
    svg .line { fill: none; stroke-width: 1.6; stroke-linejoin: round; stroke-linecap: round; }
    .s-hr { stroke: var(--hr); color: var(--hr); }
    .s-rec { stroke: var(--rec); color: var(--rec); stroke-width: 1 !important; opacity: 0.8; }
    .s-model { stroke: var(--model); color: var(--model); stroke-dasharray: 5 3; }
    .s-speed { stroke: var(--speed); color: var(--speed); }
    .s-cadence { stroke: var(--cadence); color: var(--cadence); }
    .s-power { stroke: var(--power); color: var(--power); }
    .s-elev { stroke: var(--elev); color: var(--elev); stroke-width: 2 !important; }
    .s-raw { stroke: var(--raw); color: var(--raw); stroke-width: 1 !important; }
    .s-energy { stroke: var(--energy); color: var(--energy); }
    .s-route { stroke: var(--route); stroke-width: 2.2 !important; }
    svg .paused { fill: var(--paused); }
    .swatch.paused { background: var(--paused); height: 10px; }
    svg .lap { stroke: var(--lap); stroke-dasharray: 3 3; stroke-width: 1; }
    .swatch.lap { background: var(--lap); }
    svg .marker { stroke: var(--marker); stroke-width: 1.5; }
    .swatch.marker { background: var(--marker); }
    svg .error { stroke: var(--error); stroke-width: 2; }
    .swatch.error { background: var(--error); }
    svg .start { fill: var(--running); } svg .finish { fill: var(--error); }
    svg .st-running { fill: var(--running); } svg .st-paused { fill: var(--pausedState); }
    svg .st-stopped, svg .st-ended { fill: var(--stopped); }
    svg .st-prepared, svg .st-notStarted { fill: var(--idle); }
    svg .src-0 { fill: var(--speed); } svg .src-1 { fill: var(--cadence); }
    svg .src-2 { fill: var(--energy); } svg .src-3 { fill: var(--model); }
    svg .merged { fill: var(--fg); }
    .swatch.src-0 { background: var(--speed); height: 10px; }
    .swatch.src-1 { background: var(--cadence); height: 10px; }
    .swatch.src-2 { background: var(--energy); height: 10px; }
    .swatch.src-3 { background: var(--model); height: 10px; }
    .swatch.merged { background: var(--fg); height: 10px; }
    svg .sleep-awake { fill: var(--energy); } svg .sleep-rem { fill: var(--model); }
    svg .sleep-core, svg .sleep-asleep { fill: var(--speed); } svg .sleep-deep { fill: #1a3a8a; }
    .columns { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; margin-top: 8px; }
    .columns > * { flex: 1 1 300px; }
    table { border-collapse: collapse; font-size: 13px; margin-top: 8px; }
    caption { text-align: left; font-weight: 600; padding-bottom: 2px; }
    th, td { padding: 2px 8px; border-bottom: 1px solid var(--grid); text-align: right;
      font-variant-numeric: tabular-nums; }
    th:first-child { text-align: left; font-weight: 500; }
    table.statistics { width: 100%; }
    @media print {
      :root { --bg: #ffffff; --fg: #000000; --muted: #444444; --grid: #cccccc; --plot: #ffffff; }
      body { max-width: none; padding: 0; }
      section.record { break-before: page; }
      section.record:first-of-type { break-before: auto; }
      table, figure { break-inside: avoid; }
    }

    """
}

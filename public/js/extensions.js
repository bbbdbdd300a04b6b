// Extension modules of the page, loaded after it has started: one import per line. Each
// adds its panel through addPanel() of panels.js and listens to pageEvents (docs/PAGE.md).

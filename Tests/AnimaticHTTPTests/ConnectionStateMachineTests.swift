import Synchronization
import Testing
@testable import AnimaticHTTP

/// A clock whose time moves only when a test says so: every timeout of the connection's
/// state machine is tested without sockets or sleeping.
final class ManualClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
        static func + (a: Instant, duration: Duration) -> Instant { a.advanced(by: duration) }
        static func - (a: Instant, duration: Duration) -> Instant { a.advanced(by: .zero - duration) }
    }

    private let time = Mutex(Duration.zero)
    var now: Instant { Instant(offset: time.withLock { $0 }) }
    var minimumResolution: Duration { .nanoseconds(1) }
    func advance(by duration: Duration) { time.withLock { $0 += duration } }
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {}
}

typealias Machine = ConnectionStateMachine<ManualClock>

/// Records illegal transitions instead of trapping, so the release path (log and close)
/// is what the tests see.
final class IllegalTransitions: Sendable {
    let messages = Mutex<[String]>([])
    var count: Int { messages.withLock { $0.count } }
    var handler: (String) -> Void { { message in self.messages.withLock { $0.append(message) } } }
}

@Suite struct ConnectionStateMachineTests {
    static let timeouts = ConnectionTimeouts(
        header: .seconds(10), body: .seconds(30), idle: .seconds(60), write: .seconds(30), linger: .seconds(2))
    static let t0 = ManualClock.Instant(offset: .seconds(100))
    static let t1 = t0 + .seconds(1)
    static let late = t0 + .seconds(3600)

    /// A machine in `state`, with illegal transitions recorded in `illegal`.
    static func machine(in state: Machine.State, illegal: IllegalTransitions) -> Machine {
        Machine(state: state, timeouts: timeouts, illegalTransition: illegal.handler)
    }

    /// Short names for states: a letter (A awaiting first request, I idle, H head, B body,
    /// W working, K closing after the flush, L lingering, Z closed), the digit of the
    /// instant the phase runs from (0 = t0, 1 = t1), then the output: n none, b bytes,
    /// s stream, each with the digit of its instant.
    static func state(_ name: String) -> Machine.State {
        var characters = Array(name)
        func instant() -> ManualClock.Instant { characters.removeFirst() == "0" ? t0 : t1 }
        func output() -> Machine.Output {
            switch characters.removeFirst() {
            case "n": return .none
            case "b": return .bytes(since: instant())
            default: return .stream(since: instant())
            }
        }
        switch characters.removeFirst() {
        case "A": return .awaitingFirstRequest(since: instant())
        case "I": return .idle(since: instant(), output: output())
        case "H": return .head(since: instant(), output: output())
        case "B": return .body(since: instant(), output: output())
        case "W": return .working(output: output())
        case "K": return .closingAfterFlush(since: instant(), output: output())
        case "L": return .lingering(since: instant())
        default: return .closed
        }
    }

    static var events: [(name: String, apply: (inout Machine) -> Machine.Action)] {
        [
            ("bytes", { $0.requestBytesArrived(now: t1) }),
            ("headWithBody", { $0.headReceived(hasBody: true, now: t1) }),
            ("headAlone", { $0.headReceived(hasBody: false, now: t1) }),
            ("continue", { $0.interimResponseQueued(now: t1) }),
            ("work", { $0.workStarted() }),
            ("response", { $0.responseQueued(streamed: false, keepAlive: true, moreInput: false, now: t1) }),
            ("responseMore", { $0.responseQueued(streamed: false, keepAlive: true, moreInput: true, now: t1) }),
            ("responseLast", { $0.responseQueued(streamed: false, keepAlive: false, moreInput: false, now: t1) }),
            ("responseStream", { $0.responseQueued(streamed: true, keepAlive: true, moreInput: false, now: t1) }),
            ("fin", { $0.peerSentFIN(inputPending: false) }),
            ("finMidRequest", { $0.peerSentFIN(inputPending: true) }),
            ("wroteAll", { $0.wrote(outputEmpty: true, now: t1) }),
            ("wroteSome", { $0.wrote(outputEmpty: false, now: t1) }),
            ("streamEnd", { $0.streamEnded(closeDelimited: false, outputEmpty: true, now: t1) }),
            ("streamEndClose", { $0.streamEnded(closeDelimited: true, outputEmpty: false, now: t1) }),
            ("flushed", { $0.outputFlushed(now: t1) }),
            ("drain", { $0.drainBegan() }),
            ("evictIdle", { $0.evict(.ifIdle) }),
            ("evictSilent", { $0.evict(.ifSilent) }),
            ("grace", { $0.shutdownGraceEnded() }),
            ("close", { $0.close() }),
            ("timerEarly", { $0.timerFired(now: t1) }),
            ("timerLate", { $0.timerFired(now: late) }),
            ("bodyBudget", { $0.bodyBudgetExceeded() }),
        ]
    }

    /// Every event in every state: one row per state, one cell per event (in the order of
    /// `events`), separated by spaces. A cell is `=` (no action, same state), `X` (illegal: reported, and the
    /// machine closes), `r` (reschedule the timer, same state), `t` (answer 408, same
    /// state), `o` (answer 503 for the body budget, same state), or `[action:]state` with
    /// action c close, l start lingering, s answer 503 and close, none when absent.
    static let table: [(state: String, cells: String)] = [
        // bytes hdB hdA cont work resp respM respL respS fin finM wroteA wroteS sEnd sEndC flush drain evI evS
        // grace close tEarly tLate budget
        ("A0", "H1n X X X X X X X X c:Z c:Z X X X X = c:Z = c:Z c:Z c:Z r c:Z ="),
        ("I0n", "H1n X X X X X X X X c:Z c:Z X X X X = c:Z c:Z = c:Z c:Z r c:Z ="),
        ("I0b0", "H1b0 X X X X X X X X = c:Z I0n I0b1 X X X = = = c:Z c:Z r c:Z ="),
        ("I0s0", "H1s0 X X X X X X X X = c:Z I0s1 I0s1 I0n K1b0 X = = = c:Z c:Z r c:Z ="),
        ("H0n", "H1n B1n = X Wn I1b1 H1b1 K1b1 I1s1 c:Z c:Z X X X X = = = c:Z c:Z c:Z r t ="),
        ("H0b0", "H1b0 B1b0 = X Wb0 I1b0 H1b0 K1b0 I1s1 = c:Z H0n H0b1 X X X = = = c:Z c:Z r c:Z ="),
        ("B0n", "X X X B0b1 Wn I1b1 H1b1 K1b1 I1s1 c:Z c:Z X X X X = = = = c:Z c:Z r t o"),
        ("B0b0", "X X X = Wb0 I1b0 H1b0 K1b0 I1s1 = c:Z B0n B0b1 X X X = = = c:Z c:Z r c:Z o"),
        ("Wn", "= X X X X I1b1 H1b1 K1b1 I1s1 c:Z c:Z X X X X = = = = s:Z c:Z = = ="),
        ("Wb0", "= X X X X I1b0 H1b0 K1b0 I1s1 = c:Z Wn Wb1 X X X = = = s:Z c:Z r c:Z ="),
        ("K0n", "= X X X X X X X X c:Z c:Z X X X X l:L1 = = = c:Z c:Z r c:Z ="),
        ("K0b0", "= X X X X X X X X = c:Z K0n K0b1 X X X = = = c:Z c:Z r c:Z ="),
        ("K0s0", "= X X X X X X X X = c:Z K0s1 K0s1 K0n K0b0 X = = = c:Z c:Z r c:Z ="),
        ("L0", "X X X X X X X X X c:Z c:Z X X X X = = = = c:Z c:Z r c:Z ="),
        ("Z", "X X X X X X X X X X X X X X X X = = = = = = = ="),
    ]

    @Test func everyEventInEveryState() {
        for (name, row) in Self.table {
            let cells = row.split(separator: " ").map(String.init)
            #expect(cells.count == Self.events.count, "\(name): one cell per event")
            let start = Self.state(name)
            for (event, cell) in zip(Self.events, cells) {
                let illegal = IllegalTransitions()
                var machine = Self.machine(in: start, illegal: illegal)
                let action = event.apply(&machine)
                let expectedAction: Machine.Action
                let expectedState: Machine.State
                var expectedIllegal = 0
                switch cell {
                case "=":
                    (expectedAction, expectedState) = (.none, start)
                case "r":
                    (expectedAction, expectedState) = (.reschedule, start)
                case "t":
                    (expectedAction, expectedState) = (.answerRequestTimeout, start)
                case "o":
                    (expectedAction, expectedState) = (.answerBodyBudgetExceeded, start)
                case "X":
                    expectedIllegal = 1
                    (expectedAction, expectedState) = (start == .closed ? .none : .close, .closed)
                default:
                    let parts = cell.split(separator: ":").map(String.init)
                    let actions: [String: Machine.Action] = [
                        "c": .close, "l": .startLinger, "s": .answerShutdownAndClose,
                    ]
                    expectedAction = parts.count == 2 ? actions[parts[0]]! : .none
                    expectedState = Self.state(parts.last!)
                }
                #expect(action == expectedAction, "\(name) + \(event.name): action")
                #expect(machine.state == expectedState, "\(name) + \(event.name): state")
                #expect(illegal.count == expectedIllegal, "\(name) + \(event.name): illegal transitions")
            }
        }
    }

    /// Each phase's timeout runs from the start of that phase, on the manual clock: one
    /// nanosecond before the deadline the timer reschedules, at the deadline it acts.
    @Test func everyTimeoutFiresAtItsDeadlineAndNotBefore() {
        let clock = ManualClock()
        let illegal = IllegalTransitions()
        func expectTimeout(
            _ machine: Machine, after duration: Duration, from start: ManualClock.Instant, _ action: Machine.Action,
            _ label: String
        ) {
            var early = machine
            #expect(machine.deadline == start + duration, "\(label): deadline")
            #expect(early.timerFired(now: start + duration - .nanoseconds(1)) == .reschedule, "\(label): early")
            var due = machine
            #expect(due.timerFired(now: start + duration) == action, "\(label): at the deadline")
        }
        let accepted = clock.now
        var machine = Machine(now: accepted, timeouts: Self.timeouts, illegalTransition: illegal.handler)
        // A silent new connection: the header timeout from accept, then a quiet close.
        expectTimeout(machine, after: .seconds(10), from: accepted, .close, "awaiting first request")

        clock.advance(by: .seconds(4))
        let firstByte = clock.now
        _ = machine.requestBytesArrived(now: firstByte)
        expectTimeout(machine, after: .seconds(10), from: firstByte, .answerRequestTimeout, "head")

        clock.advance(by: .seconds(2))
        let headEnd = clock.now
        _ = machine.headReceived(hasBody: true, now: headEnd)
        expectTimeout(machine, after: .seconds(30), from: headEnd, .answerRequestTimeout, "body")

        clock.advance(by: .seconds(1))
        _ = machine.workStarted()
        #expect(machine.deadline == nil)
        var working = machine
        #expect(working.timerFired(now: clock.now + .seconds(86400)) == .none, "work has its own deadline")

        clock.advance(by: .seconds(5))
        let answered = clock.now
        _ = machine.responseQueued(streamed: false, keepAlive: true, moreInput: false, now: answered)
        expectTimeout(machine, after: .seconds(30), from: answered, .close, "writing")

        clock.advance(by: .seconds(3))
        let written = clock.now
        _ = machine.wrote(outputEmpty: true, now: written)
        // Idle from the response on (as before this machine): the write timeout covered the writing.
        expectTimeout(machine, after: .seconds(60), from: answered, .close, "idle keep-alive")

        // A last response that stops moving: the write timeout from its last progress.
        clock.advance(by: .seconds(7))
        _ = machine.requestBytesArrived(now: clock.now)
        _ = machine.headReceived(hasBody: false, now: clock.now)
        _ = machine.responseQueued(streamed: false, keepAlive: false, moreInput: false, now: clock.now)
        clock.advance(by: .seconds(1))
        let progress = clock.now
        _ = machine.wrote(outputEmpty: false, now: progress)
        expectTimeout(machine, after: .seconds(30), from: progress, .close, "last response")

        clock.advance(by: .seconds(1))
        _ = machine.wrote(outputEmpty: true, now: clock.now)
        let lingerStart = clock.now
        #expect(machine.outputFlushed(now: lingerStart) == .startLinger)
        expectTimeout(machine, after: .seconds(2), from: lingerStart, .close, "linger")
        #expect(illegal.count == 0)
    }

    /// Queued output makes the write timeout the one that counts, whatever the request phase.
    @Test func pendingOutputTurnsAnyPhaseIntoTheWriteTimeout() {
        let t0 = Self.t0
        for state: Machine.State in [
            .idle(since: t0, output: .bytes(since: t0 + .seconds(5))),
            .head(since: t0, output: .bytes(since: t0 + .seconds(5))),
            .body(since: t0, output: .stream(since: t0 + .seconds(5))),
            .working(output: .bytes(since: t0 + .seconds(5))),
        ] {
            let machine = Self.machine(in: state, illegal: IllegalTransitions())
            #expect(machine.deadline == t0 + .seconds(35), "\(state)")
        }
    }

    /// The client's FIN and the drain are remembered: a connection between requests then
    /// closes once it has nothing left to send.
    @Test func finAndDrainCloseAConnectionOnceItsOutputIsFlushed() {
        let illegal = IllegalTransitions()
        var machine = Self.machine(in: Self.state("I0b0"), illegal: illegal)
        #expect(machine.peerSentFIN(inputPending: false) == .none && machine.peerClosed)
        #expect(!machine.wantsToRead(outputBelowHighWater: true, roomToReadAhead: true))
        _ = machine.wrote(outputEmpty: true, now: Self.t1)
        #expect(machine.outputFlushed(now: Self.t1) == .close && machine.state == .closed)

        var draining = Self.machine(in: Self.state("Wb0"), illegal: illegal)
        #expect(draining.drainBegan() == .none && draining.draining)
        _ = draining.responseQueued(streamed: false, keepAlive: false, moreInput: false, now: Self.t1)
        _ = draining.wrote(outputEmpty: true, now: Self.t1)
        #expect(draining.outputFlushed(now: Self.t1) == .startLinger)

        var lastResponseToALeftClient = Self.machine(in: Self.state("K0b0"), illegal: illegal)
        _ = lastResponseToALeftClient.peerSentFIN(inputPending: false)
        _ = lastResponseToALeftClient.wrote(outputEmpty: true, now: Self.t1)
        #expect(lastResponseToALeftClient.outputFlushed(now: Self.t1) == .close)
        #expect(illegal.count == 0)
    }

    /// What may be parsed and read in each state.
    @Test func parsingAndReadingFollowTheState() {
        let illegal = IllegalTransitions()
        let parses = ["A0", "I0n", "I0b0", "H0n", "H0b0", "B0n", "B0b0"]
        let stops = ["I0s0", "Wn", "Wb0", "K0n", "K0b0", "K0s0", "L0", "Z"]
        for name in parses {
            let machine = Self.machine(in: Self.state(name), illegal: illegal)
            #expect(machine.mayParse(outputBelowHighWater: true), "\(name)")
            #expect(!machine.mayParse(outputBelowHighWater: false), "\(name) over the high-water mark")
            #expect(machine.wantsToRead(outputBelowHighWater: true, roomToReadAhead: false), "\(name)")
        }
        for name in stops {
            let machine = Self.machine(in: Self.state(name), illegal: illegal)
            #expect(!machine.mayParse(outputBelowHighWater: true), "\(name)")
        }
        let working = Self.machine(in: Self.state("Wn"), illegal: illegal)
        #expect(working.wantsToRead(outputBelowHighWater: true, roomToReadAhead: true))
        #expect(!working.wantsToRead(outputBelowHighWater: true, roomToReadAhead: false))
        #expect(
            Self.machine(in: Self.state("L0"), illegal: illegal).wantsToRead(
                outputBelowHighWater: false, roomToReadAhead: false))
        #expect(
            !Self.machine(in: .closed, illegal: illegal).wantsToRead(
                outputBelowHighWater: true, roomToReadAhead: true))
    }

    /// How each state counts near the connection cap.
    @Test func slotKinds() {
        let illegal = IllegalTransitions()
        let expected: [String: ConnectionSlotKind] = [
            "A0": .silent, "H0n": .silent, "I0n": .idle,
            "H0b0": .active, "I0b0": .active, "B0n": .active, "Wn": .active, "K0n": .active, "L0": .active,
            "Z": .active,
        ]
        for (name, kind) in expected {
            #expect(Self.machine(in: Self.state(name), illegal: illegal).slotKind == kind, "\(name)")
        }
    }

    /// An illegal transition is reported with the event and the state, and closes.
    @Test func anIllegalTransitionIsReportedAndCloses() {
        let illegal = IllegalTransitions()
        var machine = Self.machine(in: Self.state("I0n"), illegal: illegal)
        #expect(machine.workStarted() == .close)
        #expect(machine.state == .closed)
        let message = illegal.messages.withLock { $0.first } ?? ""
        #expect(message.contains("workStarted") && message.contains("idle"))
    }
}

import Testing
@testable import AnimaticHTTP

/// The connection's lifecycle without sockets: it only goes forward, and the questions the
/// connection asks of it (may it parse, is it finishing) follow from the one state.
@Suite struct ConnectionLifecycleTests {
    @Test func aKeepAliveConnectionGoesOpenThenClosingThenLingeringThenClosed() {
        var life = ConnectionLifecycle()
        #expect(life.state == .open && life.acceptsRequests && !life.isFinishing)
        life.closeAfterFlush()
        #expect(life.state == .closingAfterFlush && !life.acceptsRequests && life.isFinishing && !life.isLingering)
        life.startLinger()
        #expect(life.state == .lingering && life.isFinishing && life.isLingering)
        let closed = life.close()
        #expect(closed)
        #expect(life.state == .closed && life.isClosed && !life.isFinishing && !life.acceptsRequests)
    }

    @Test func transitionsThatDoNotApplyAreIgnored() {
        var life = ConnectionLifecycle()
        // Lingering only follows a last response.
        life.startLinger()
        #expect(life.state == .open)
        life.closeAfterFlush()
        life.closeAfterFlush()
        #expect(life.state == .closingAfterFlush)
        let first = life.close()
        #expect(first)
        // Closed is final: nothing reopens it, and closing again reports that it already was.
        life.closeAfterFlush()
        life.startLinger()
        #expect(life.state == .closed)
        let again = life.close()
        #expect(!again)
    }

    @Test func peerFINAndDrainAreIndependentOfTheState() {
        var life = ConnectionLifecycle()
        life.peerSentFIN()
        life.beginDrain()
        #expect(life.peerClosed && life.draining && life.state == .open && life.acceptsRequests)
        life.closeAfterFlush()
        #expect(life.peerClosed && life.draining && life.state == .closingAfterFlush)
    }
}

# AnimaticHTTP targets — included from the Makefile (`include mk/http.mk`).
# make test-http            build and run the HTTP server's tests only
# make fuzz-http [RUNS=N]   libFuzzer over the request parser (default 1,000,000 runs), built in .build-fuzz
RUNS ?= 1000000

.PHONY: test-http fuzz-http

test-http: deps-test
	$(SWIFT) build --build-tests
	$(SWIFT) test --filter AnimaticHTTPTests

fuzz-http: deps
	scripts/fuzz-http.sh $(RUNS)

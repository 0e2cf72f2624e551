// Command check validates what `helm template` rendered against Kubernetes' API types, offline.
//
// Every document is decoded strictly into its typed k8s.io/api struct: an unknown or misspelt
// field, a value of the wrong type or a quantity that does not parse is an error, as the API
// server's strict field validation would answer. A kind the module does not carry (the Prometheus
// Operator's ServiceMonitor) is decoded strictly into the fields of its v1 API that the chart uses.
// Then the checks an API server or a controller would make on what is decoded: names and labels,
// selectors that select the pod template, volume mounts, probe and Service ports that name a
// container port, requests within limits. Exits 1 naming each problem, else prints what it checked.
//
// Usage: check FILE... (the output of helm template; "-" reads standard input)
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: check FILE... (rendered manifests; - for standard input)")
		os.Exit(2)
	}
	var problems []string
	total := 0
	for _, name := range os.Args[1:] {
		data, err := read(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		render := &rendered{}
		failed := len(problems)
		for i, doc := range split(data) {
			if err := render.add(doc); err != nil {
				problems = append(problems, fmt.Sprintf("%s: document %d: %v", name, i+1, err))
			}
		}
		// why: a document that failed is missing from the render, and everything that selects it
		// would say so too; the cross-checks run on a render whose documents all passed
		if len(problems) == failed {
			for _, p := range render.crossCheck() {
				problems = append(problems, fmt.Sprintf("%s: %s", name, p))
			}
		}
		total += len(render.objects)
	}
	if len(problems) > 0 {
		for _, p := range problems {
			fmt.Fprintln(os.Stderr, p)
		}
		os.Exit(1)
	}
	fmt.Printf("%d documents valid\n", total)
}

func read(name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(os.Stdin)
	}
	return os.ReadFile(name)
}

// split cuts a YAML stream at its "---" lines, dropping documents that hold only comments.
func split(data []byte) [][]byte {
	var docs [][]byte
	var cur bytes.Buffer
	flush := func() {
		if hasContent(cur.Bytes()) {
			docs = append(docs, append([]byte(nil), cur.Bytes()...))
		}
		cur.Reset()
	}
	scanner := bufio.NewScanner(bytes.NewReader(data))
	scanner.Buffer(make([]byte, 1024*1024), 16*1024*1024)
	for scanner.Scan() {
		line := scanner.Text()
		if strings.HasPrefix(line, "---") && strings.TrimSpace(strings.TrimLeft(line, "-")) == "" {
			flush()
			continue
		}
		cur.WriteString(line)
		cur.WriteByte('\n')
	}
	flush()
	return docs
}

func hasContent(doc []byte) bool {
	for _, line := range strings.Split(string(doc), "\n") {
		t := strings.TrimSpace(line)
		if t != "" && !strings.HasPrefix(t, "#") {
			return true
		}
	}
	return false
}

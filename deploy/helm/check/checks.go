package main

import (
	"fmt"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/validation"
)

// rendered is one render's documents, checked one by one as they come and together at the end.
type rendered struct {
	objects []object
}

func (r *rendered) add(doc []byte) error {
	o, err := decode(doc)
	if err != nil {
		return err
	}
	problems := checkMeta(o.meta)
	switch v := o.body.(type) {
	case *appsv1.Deployment:
		problems = append(problems, checkWorkload(v.Spec.Selector, v.Spec.Template, nil)...)
	case *appsv1.StatefulSet:
		claims := map[string]bool{}
		for _, c := range v.Spec.VolumeClaimTemplates {
			claims[c.Name] = true
			if _, ok := c.Spec.Resources.Requests[corev1.ResourceStorage]; !ok {
				problems = append(problems, fmt.Sprintf("volume claim %q requests no storage", c.Name))
			}
		}
		if v.Spec.ServiceName == "" {
			problems = append(problems, "serviceName is empty")
		}
		problems = append(problems, checkWorkload(v.Spec.Selector, v.Spec.Template, claims)...)
	case *corev1.Service:
		if len(v.Spec.Ports) == 0 {
			problems = append(problems, "a Service without ports")
		}
		if len(v.Spec.Selector) == 0 {
			problems = append(problems, "a Service without a selector")
		}
	case *policyv1.PodDisruptionBudget:
		if (v.Spec.MinAvailable == nil) == (v.Spec.MaxUnavailable == nil) {
			problems = append(problems, "needs exactly one of minAvailable and maxUnavailable")
		}
		problems = append(problems, checkSelector(v.Spec.Selector)...)
	case *ServiceMonitor:
		if len(v.Spec.Endpoints) == 0 {
			problems = append(problems, "a ServiceMonitor without endpoints")
		}
		for _, e := range v.Spec.Endpoints {
			if e.Port == "" || !strings.HasPrefix(e.Path, "/") {
				problems = append(problems, "an endpoint needs a port name and a path")
			}
			if a := e.Authorization; a != nil && (a.Credentials == nil || a.Credentials.Name == "" || a.Credentials.Key == "") {
				problems = append(problems, "authorization needs credentials with a Secret's name and key")
			}
		}
		problems = append(problems, checkSelector(&v.Spec.Selector)...)
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s: %s", o, strings.Join(problems, "; "))
	}
	r.objects = append(r.objects, o)
	return nil
}

func checkMeta(m metav1.ObjectMeta) []string {
	var problems []string
	for _, e := range validation.IsDNS1123Subdomain(m.Name) {
		problems = append(problems, "name "+m.Name+": "+e)
	}
	for k, v := range m.Labels {
		for _, e := range validation.IsQualifiedName(k) {
			problems = append(problems, "label "+k+": "+e)
		}
		for _, e := range validation.IsValidLabelValue(v) {
			problems = append(problems, "label "+k+": "+e)
		}
	}
	return problems
}

func checkSelector(s *metav1.LabelSelector) []string {
	if s == nil || (len(s.MatchLabels) == 0 && len(s.MatchExpressions) == 0) {
		return []string{"an empty selector selects everything"}
	}
	if _, err := metav1.LabelSelectorAsSelector(s); err != nil {
		return []string{"selector: " + err.Error()}
	}
	return nil
}

// checkWorkload checks a pod template and the selector that must select it; claims are the
// volume names a StatefulSet's claim templates add.
func checkWorkload(sel *metav1.LabelSelector, t corev1.PodTemplateSpec, claims map[string]bool) []string {
	problems := checkSelector(sel)
	if len(problems) == 0 {
		s, _ := metav1.LabelSelectorAsSelector(sel)
		if !s.Matches(labels.Set(t.Labels)) {
			problems = append(problems, "the selector does not select the pod template's labels")
		}
	}
	volumes := map[string]bool{}
	for k := range claims {
		volumes[k] = true
	}
	for _, v := range t.Spec.Volumes {
		if volumes[v.Name] {
			problems = append(problems, "volume "+v.Name+" declared twice")
		}
		volumes[v.Name] = true
	}
	if len(t.Spec.Containers) == 0 {
		problems = append(problems, "no containers")
	}
	for _, c := range t.Spec.Containers {
		problems = append(problems, checkContainer(c, volumes)...)
	}
	return problems
}

func checkContainer(c corev1.Container, volumes map[string]bool) []string {
	var problems []string
	say := func(format string, args ...any) {
		problems = append(problems, "container "+c.Name+": "+fmt.Sprintf(format, args...))
	}
	if c.Name == "" || c.Image == "" || strings.HasSuffix(c.Image, ":") {
		say("needs a name and an image with a tag (%q)", c.Image)
	}
	ports := map[string]bool{}
	for _, p := range c.Ports {
		if p.ContainerPort < 1 || p.ContainerPort > 65535 {
			say("port %d out of range", p.ContainerPort)
		}
		if p.Name != "" {
			for _, e := range validation.IsValidPortName(p.Name) {
				say("port name %s: %s", p.Name, e)
			}
			ports[p.Name] = true
		}
	}
	env := map[string]bool{}
	for _, e := range c.Env {
		for _, msg := range validation.IsEnvVarName(e.Name) {
			say("env %s: %s", e.Name, msg)
		}
		if env[e.Name] {
			say("env %s set twice", e.Name)
		}
		env[e.Name] = true
	}
	for _, m := range c.VolumeMounts {
		if !volumes[m.Name] {
			say("mounts volume %s, which the pod does not declare", m.Name)
		}
	}
	for name, probe := range map[string]*corev1.Probe{"startup": c.StartupProbe, "liveness": c.LivenessProbe, "readiness": c.ReadinessProbe} {
		if probe == nil {
			say("no %s probe", name)
			continue
		}
		if probe.HTTPGet != nil && !portExists(probe.HTTPGet.Port, c.Ports) {
			say("%s probe's port %s is not a container port", name, probe.HTTPGet.Port.String())
		}
	}
	for res, limit := range c.Resources.Limits {
		if req, ok := c.Resources.Requests[res]; ok && req.Cmp(limit) > 0 {
			say("requests more %s than its limit", res)
		}
	}
	if _, ok := c.Resources.Limits[corev1.ResourceMemory]; !ok {
		say("no memory limit (the image sizes its heap from it)")
	}
	return problems
}

func portExists(p intstr.IntOrString, ports []corev1.ContainerPort) bool {
	for _, cp := range ports {
		if (p.Type == intstr.String && cp.Name == p.StrVal) || (p.Type == intstr.Int && cp.ContainerPort == p.IntVal) {
			return true
		}
	}
	return false
}

// crossCheck makes sure that what selects pods or Services in this render finds them.
func (r *rendered) crossCheck() []string {
	var pods []corev1.PodTemplateSpec
	var services []*corev1.Service
	for _, o := range r.objects {
		switch v := o.body.(type) {
		case *appsv1.Deployment:
			pods = append(pods, v.Spec.Template)
		case *appsv1.StatefulSet:
			pods = append(pods, v.Spec.Template)
		case *corev1.Service:
			services = append(services, v)
		}
	}
	var problems []string
	for _, o := range r.objects {
		switch v := o.body.(type) {
		case *corev1.Service:
			pod, ok := selected(labels.SelectorFromSet(v.Spec.Selector), pods)
			if !ok {
				problems = append(problems, o.String()+": selects no pod of this chart")
				continue
			}
			for _, p := range v.Spec.Ports {
				if !portExists(p.TargetPort, pod.Spec.Containers[0].Ports) && p.TargetPort.String() != "0" {
					problems = append(problems, fmt.Sprintf("%s: targetPort %s is not a container port", o, p.TargetPort.String()))
				}
			}
		case *policyv1.PodDisruptionBudget:
			s, _ := metav1.LabelSelectorAsSelector(v.Spec.Selector)
			if _, ok := selected(s, pods); !ok {
				problems = append(problems, o.String()+": selects no pod of this chart")
			}
		case *ServiceMonitor:
			s, _ := metav1.LabelSelectorAsSelector(&v.Spec.Selector)
			found := false
			for _, svc := range services {
				if s.Matches(labels.Set(svc.Labels)) {
					for _, e := range v.Spec.Endpoints {
						for _, p := range svc.Spec.Ports {
							found = found || p.Name == e.Port
						}
					}
				}
			}
			if !found {
				problems = append(problems, o.String()+": selects no Service with the endpoint's port")
			}
		}
	}
	return problems
}

func selected(s labels.Selector, pods []corev1.PodTemplateSpec) (corev1.PodTemplateSpec, bool) {
	for _, p := range pods {
		if s.Matches(labels.Set(p.Labels)) {
			return p, true
		}
	}
	return corev1.PodTemplateSpec{}, false
}

package main

import (
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"
)

// object is one decoded document.
type object struct {
	kind string
	meta metav1.ObjectMeta
	body any
}

func (o object) String() string { return o.kind + "/" + o.meta.Name }

// decoders make the typed value each apiVersion and kind decodes into.
var decoders = map[string]func() any{
	"v1/Secret":                               func() any { return &corev1.Secret{} },
	"v1/ConfigMap":                            func() any { return &corev1.ConfigMap{} },
	"v1/Service":                              func() any { return &corev1.Service{} },
	"v1/ServiceAccount":                       func() any { return &corev1.ServiceAccount{} },
	"v1/PersistentVolumeClaim":                func() any { return &corev1.PersistentVolumeClaim{} },
	"apps/v1/Deployment":                      func() any { return &appsv1.Deployment{} },
	"apps/v1/StatefulSet":                     func() any { return &appsv1.StatefulSet{} },
	"policy/v1/PodDisruptionBudget":           func() any { return &policyv1.PodDisruptionBudget{} },
	"monitoring.coreos.com/v1/ServiceMonitor": func() any { return &ServiceMonitor{} },
}

// decode reads one document strictly into its type.
func decode(doc []byte) (object, error) {
	var head metav1.TypeMeta
	if err := yaml.Unmarshal(doc, &head); err != nil {
		return object{}, fmt.Errorf("not YAML: %v", err)
	}
	if head.APIVersion == "" || head.Kind == "" {
		return object{}, fmt.Errorf("no apiVersion or kind")
	}
	make, ok := decoders[head.APIVersion+"/"+head.Kind]
	if !ok {
		return object{}, fmt.Errorf("unknown apiVersion and kind %s %s", head.APIVersion, head.Kind)
	}
	body := make()
	if err := yaml.UnmarshalStrict(doc, body); err != nil {
		return object{}, fmt.Errorf("%s: %v", head.Kind, err)
	}
	var meta metav1.ObjectMeta
	switch v := body.(type) {
	case *corev1.Secret:
		meta = v.ObjectMeta
	case *corev1.ConfigMap:
		meta = v.ObjectMeta
	case *corev1.Service:
		meta = v.ObjectMeta
	case *corev1.ServiceAccount:
		meta = v.ObjectMeta
	case *corev1.PersistentVolumeClaim:
		meta = v.ObjectMeta
	case *appsv1.Deployment:
		meta = v.ObjectMeta
	case *appsv1.StatefulSet:
		meta = v.ObjectMeta
	case *policyv1.PodDisruptionBudget:
		meta = v.ObjectMeta
	case *ServiceMonitor:
		meta = v.ObjectMeta
	}
	return object{kind: head.Kind, meta: meta, body: body}, nil
}

// ServiceMonitor holds the fields of the Prometheus Operator's monitoring.coreos.com/v1
// ServiceMonitor that the chart may set; any other field is an error, as for the typed kinds.
type ServiceMonitor struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata"`
	Spec              ServiceMonitorSpec `json:"spec"`
}

type ServiceMonitorSpec struct {
	JobLabel          string               `json:"jobLabel,omitempty"`
	Selector          metav1.LabelSelector `json:"selector"`
	NamespaceSelector *struct {
		Any        bool     `json:"any,omitempty"`
		MatchNames []string `json:"matchNames,omitempty"`
	} `json:"namespaceSelector,omitempty"`
	Endpoints []Endpoint `json:"endpoints"`
}

type Endpoint struct {
	Port          string `json:"port,omitempty"`
	Path          string `json:"path,omitempty"`
	Scheme        string `json:"scheme,omitempty"`
	Interval      string `json:"interval,omitempty"`
	ScrapeTimeout string `json:"scrapeTimeout,omitempty"`
	HonorLabels   bool   `json:"honorLabels,omitempty"`
	Authorization *struct {
		Type        string                    `json:"type,omitempty"`
		Credentials *corev1.SecretKeySelector `json:"credentials,omitempty"`
	} `json:"authorization,omitempty"`
}

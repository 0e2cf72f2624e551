{{- define "dugout.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "dugout.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else if contains (include "dugout.name" .) .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name (include "dugout.name" .) | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}

{{- define "dugout.selectorLabels" -}}
app.kubernetes.io/name: {{ include "dugout.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "dugout.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "dugout.selectorLabels" . }}
app.kubernetes.io/version: {{ .Values.image.tag | default .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/component: {{ .Values.mode }}
{{- end }}

{{- define "dugout.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "dugout.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{- define "dugout.secretName" -}}
{{- default (include "dugout.fullname" .) .Values.existingSecret }}
{{- end }}

{{- define "dugout.cluster" -}}
{{- if eq .Values.mode "cluster" }}true{{ end }}
{{- end }}

{{/* The Secret's keys, from values: environment variable names. */}}
{{- define "dugout.secretData" -}}
{{- $s := .Values.secrets -}}
{{- $data := dict -}}
{{- with $s.jwtHmacSecret }}{{ $_ := set $data "DUGOUT_AUTH_JWT_HMAC_SECRET" . }}{{ end -}}
{{- with $s.mongodbUri }}{{ $_ := set $data "SPRING_MONGODB_URI" . }}{{ end -}}
{{- with $s.redisUrl }}{{ $_ := set $data "SPRING_DATA_REDIS_URL" . }}{{ end -}}
{{- with $s.filesSigningSecret }}{{ $_ := set $data "DUGOUT_FILES_SIGNING_SECRET" . }}{{ end -}}
{{- range $k, $v := $s.extra }}{{ $_ := set $data $k $v }}{{ end -}}
{{- toYaml $data }}
{{- end }}

{{/* Stops the render with one line saying what is wrong, before anything reaches the cluster. */}}
{{- define "dugout.validate" -}}
{{- $v := .Values -}}
{{- $s := $v.secrets -}}
{{- if not (has $v.mode (list "cluster" "embedded")) }}
{{- fail (printf "mode must be cluster or embedded, not %q" $v.mode) }}
{{- end }}
{{- if $v.existingSecret }}
{{- if or $s.jwtHmacSecret $s.mongodbUri $s.redisUrl $s.filesSigningSecret $s.extra }}
{{- fail "secrets.* must stay empty with existingSecret: put those keys in that Secret" }}
{{- end }}
{{- else }}
{{- if not (or $s.jwtHmacSecret $v.auth.jwt.publicKey $v.auth.jwt.jwksUri $v.auth.tryItOut) }}
{{- fail "a token key is required: secrets.jwtHmacSecret, auth.jwt.publicKey or auth.jwt.jwksUri (or existingSecret)" }}
{{- end }}
{{- if and $s.jwtHmacSecret (lt (len $s.jwtHmacSecret) 32) }}
{{- fail "secrets.jwtHmacSecret must be at least 32 bytes" }}
{{- end }}
{{- if and $s.filesSigningSecret (lt (len $s.filesSigningSecret) 32) }}
{{- fail "secrets.filesSigningSecret must be at least 32 bytes" }}
{{- end }}
{{- if eq $v.mode "cluster" }}
{{- if not $s.mongodbUri }}{{ fail "cluster mode needs secrets.mongodbUri (a replica set; or existingSecret)" }}{{ end }}
{{- if not $s.redisUrl }}{{ fail "cluster mode needs secrets.redisUrl (or existingSecret)" }}{{ end }}
{{- if and $v.files.s3.bucket (not $s.filesSigningSecret) }}
{{- fail "files in a cluster need secrets.filesSigningSecret, the same on every node" }}
{{- end }}
{{- end }}
{{- end }}
{{- if and (eq $v.mode "cluster") (not $v.kafka.bootstrapServers) }}
{{- fail "cluster mode needs kafka.bootstrapServers" }}
{{- end }}
{{- if and $v.serviceMonitor.enabled (not $v.serviceMonitor.tokenSecret.name) }}
{{- fail "serviceMonitor needs tokenSecret.name: a Secret holding a service token for /actuator/prometheus" }}
{{- end }}
{{- $phase := regexFind "^[0-9]+" (toString $v.shutdownPhaseTimeout) | default "30" | atoi }}
{{- if lt (int $v.terminationGracePeriodSeconds) (add (int $v.preStopSleepSeconds) $phase 10) }}
{{- fail (printf "terminationGracePeriodSeconds must be at least preStopSleepSeconds + shutdownPhaseTimeout + 10 (%d)" (add (int $v.preStopSleepSeconds) $phase 10)) }}
{{- end }}
{{- end }}

{{- define "dugout.httpPort" -}}
{{- if .Values.managementPort }}management{{ else }}http{{ end }}
{{- end }}

{{/* The pod template both workloads use. */}}
{{- define "dugout.podTemplate" -}}
metadata:
  labels:
    {{- include "dugout.selectorLabels" . | nindent 4 }}
    {{- with .Values.podLabels }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
  {{- if or (not .Values.existingSecret) .Values.podAnnotations }}
  annotations:
    {{- if not .Values.existingSecret }}
    # the pods restart when the chart's Secret changes
    checksum/secret: {{ include "dugout.secretData" . | sha256sum }}
    {{- end }}
    {{- with .Values.podAnnotations }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
  {{- end }}
spec:
  serviceAccountName: {{ include "dugout.serviceAccountName" . }}
  automountServiceAccountToken: false
  {{- with .Values.imagePullSecrets }}
  imagePullSecrets:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  {{- with .Values.priorityClassName }}
  priorityClassName: {{ . }}
  {{- end }}
  securityContext:
    {{- toYaml .Values.podSecurityContext | nindent 4 }}
  terminationGracePeriodSeconds: {{ .Values.terminationGracePeriodSeconds }}
  containers:
    - name: dugout
      image: "{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}"
      imagePullPolicy: {{ .Values.image.pullPolicy }}
      securityContext:
        {{- toYaml .Values.securityContext | nindent 8 }}
      ports:
        - name: http
          containerPort: 8080
          protocol: TCP
        {{- if .Values.managementPort }}
        - name: management
          containerPort: {{ .Values.managementPort }}
          protocol: TCP
        {{- end }}
      env:
        {{- if include "dugout.cluster" . }}
        - name: SPRING_PROFILES_ACTIVE
          value: cluster
        - name: SPRING_KAFKA_BOOTSTRAP_SERVERS
          value: {{ .Values.kafka.bootstrapServers | quote }}
        - name: DUGOUT_CLUSTER_KAFKA_REPLICATION_FACTOR
          value: {{ .Values.kafka.replicationFactor | quote }}
        - name: DUGOUT_CLUSTER_KAFKA_MIN_INSYNC_REPLICAS
          value: {{ .Values.kafka.minInsyncReplicas | quote }}
        - name: DUGOUT_CLUSTER_KAFKA_PARTITIONS
          value: {{ .Values.kafka.partitions | quote }}
        - name: DUGOUT_CLUSTER_NOTIFICATIONS_PARTITIONS
          value: {{ .Values.kafka.partitions | quote }}
        - name: DUGOUT_CLUSTER_KAFKA_SINGLE_BROKER
          value: {{ .Values.kafka.singleBroker | quote }}
        {{- end }}
        - name: DUGOUT_DATA_DIR
          value: /var/lib/dugout
        - name: SERVER_PORT
          value: "8080"
        - name: SPRING_LIFECYCLE_TIMEOUT_PER_SHUTDOWN_PHASE
          value: {{ .Values.shutdownPhaseTimeout | quote }}
        - name: DUGOUT_AUTH_TRY_IT_OUT
          value: {{ .Values.auth.tryItOut | quote }}
        {{- with .Values.auth.jwt.publicKey }}
        - name: DUGOUT_AUTH_JWT_PUBLIC_KEY
          value: {{ . | quote }}
        {{- end }}
        {{- with .Values.auth.jwt.jwksUri }}
        - name: DUGOUT_AUTH_JWT_JWKS_URI
          value: {{ . | quote }}
        {{- end }}
        {{- with .Values.managementPort }}
        - name: MANAGEMENT_SERVER_PORT
          value: {{ . | quote }}
        {{- end }}
        {{- with .Values.files.s3 }}
        {{- if .bucket }}
        - name: DUGOUT_FILES_STORE
          value: s3
        - name: DUGOUT_FILES_S3_BUCKET
          value: {{ .bucket | quote }}
        - name: DUGOUT_FILES_S3_PATH_STYLE
          value: {{ .pathStyle | quote }}
        {{- end }}
        {{- with .region }}
        - name: DUGOUT_FILES_S3_REGION
          value: {{ . | quote }}
        {{- end }}
        {{- with .endpoint }}
        - name: DUGOUT_FILES_S3_ENDPOINT
          value: {{ . | quote }}
        {{- end }}
        {{- with .publicEndpoint }}
        - name: DUGOUT_FILES_S3_PUBLIC_ENDPOINT
          value: {{ . | quote }}
        {{- end }}
        {{- end }}
        {{- with .Values.files.publicUrl }}
        - name: DUGOUT_FILES_PUBLIC_URL
          value: {{ . | quote }}
        {{- end }}
        {{- with .Values.jvmOptions }}
        - name: JDK_JAVA_OPTIONS
          value: {{ . | quote }}
        {{- end }}
        {{- range $name, $value := .Values.env }}
        - name: {{ $name }}
          value: {{ $value | quote }}
        {{- end }}
        {{- with .Values.extraEnv }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      envFrom:
        - secretRef:
            name: {{ include "dugout.secretName" . }}
        {{- with .Values.extraEnvFrom }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      startupProbe:
        httpGet:
          path: /actuator/health/liveness
          port: {{ include "dugout.httpPort" . }}
        periodSeconds: {{ .Values.probes.startup.periodSeconds }}
        failureThreshold: {{ .Values.probes.startup.failureThreshold }}
      livenessProbe:
        httpGet:
          path: /actuator/health/liveness
          port: {{ include "dugout.httpPort" . }}
        periodSeconds: {{ .Values.probes.liveness.periodSeconds }}
        timeoutSeconds: {{ .Values.probes.liveness.timeoutSeconds }}
        failureThreshold: {{ .Values.probes.liveness.failureThreshold }}
      readinessProbe:
        httpGet:
          path: /actuator/health/readiness
          port: {{ include "dugout.httpPort" . }}
        periodSeconds: {{ .Values.probes.readiness.periodSeconds }}
        timeoutSeconds: {{ .Values.probes.readiness.timeoutSeconds }}
        failureThreshold: {{ .Values.probes.readiness.failureThreshold }}
      lifecycle:
        preStop:
          exec:
            command: ["sleep", "{{ .Values.preStopSleepSeconds }}"]
      resources:
        {{- toYaml .Values.resources | nindent 8 }}
      volumeMounts:
        - name: data
          mountPath: /var/lib/dugout
        - name: tmp
          mountPath: /tmp
  volumes:
    {{- if include "dugout.cluster" . }}
    - name: data
      emptyDir:
        sizeLimit: {{ .Values.scratch.sizeLimit }}
    {{- end }}
    - name: tmp
      emptyDir:
        sizeLimit: {{ .Values.tmp.sizeLimit }}
  {{- with .Values.nodeSelector }}
  nodeSelector:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  {{- with .Values.affinity }}
  affinity:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  {{- with .Values.tolerations }}
  tolerations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  {{- if .Values.topologySpreadConstraints }}
  topologySpreadConstraints:
    {{- toYaml .Values.topologySpreadConstraints | nindent 4 }}
  {{- else if include "dugout.cluster" . }}
  topologySpreadConstraints:
    - maxSkew: 1
      topologyKey: kubernetes.io/hostname
      whenUnsatisfiable: ScheduleAnyway
      labelSelector:
        matchLabels:
          {{- include "dugout.selectorLabels" . | nindent 10 }}
  {{- end }}
{{- end }}
